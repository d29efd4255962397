import { compareCheckpoints, LOG_START } from '../checkpoint.js';
import type { ReadAllOptions, RecordedEvent } from '../event-store.js';
import type { KurrentConnection } from './connection.js';
import { ourStreams } from './our-streams.js';
import { toPosition, toRecordedEvent } from './recorded-event.js';

const DEFAULT_BATCH = 1000;

/**
 * $all holds only committed events in commit order, so no late commit can appear behind a
 * reader: KurrentDB gives the gap-free order PostgreSQL needs the snapshot horizon for. Only
 * our streams are read (our-streams.ts), filtered by the server.
 */
export async function readAll(
  { kurrent, client }: KurrentConnection,
  options: ReadAllOptions = {},
): Promise<RecordedEvent[]> {
  const after = options.after ?? LOG_START;
  const limit = options.limit ?? DEFAULT_BATCH;
  const events: RecordedEvent[] = [];
  const fromStart = compareCheckpoints(after, LOG_START) === 0;
  const read = client.readAll({
    fromPosition: fromStart ? kurrent.START : toPosition(after),
    direction: kurrent.FORWARDS,
    // Reading from a position includes the event at it: one more, then skip it.
    maxCount: limit + 1,
    filter: ourStreams(kurrent),
  });
  for await (const resolved of read) {
    if (!resolved.event) continue;
    const event = toRecordedEvent(resolved.event);
    if (compareCheckpoints(event.checkpoint, after) <= 0) continue;
    events.push(event);
    if (events.length === limit) break;
  }
  return events;
}
