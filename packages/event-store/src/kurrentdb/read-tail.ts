import type { ReadRevision } from '@kurrent/kurrentdb-client';
import type { RecordedEvent } from '../event-store.js';
import type { KurrentConnection } from './connection.js';
import { toRecordedEvent } from './recorded-event.js';

// How far back from a stream's end a retried append, or the one just made, is looked for.
// Retries come seconds after the first attempt; a stream does not grow by this much meanwhile.
export const TAIL = 256;

/** The last `count` events of a stream (up to `from`), newest first; none when it does not exist. */
export async function readTail(
  { kurrent, client }: KurrentConnection,
  stream: string,
  count = TAIL,
  from: ReadRevision = kurrent.END,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    const read = client.readStream(stream, {
      fromRevision: from,
      direction: kurrent.BACKWARDS,
      maxCount: count,
    });
    for await (const resolved of read) if (resolved.event) events.push(toRecordedEvent(resolved.event));
  } catch (error) {
    if (error instanceof kurrent.StreamNotFoundError) return [];
    throw error;
  }
  return events;
}
