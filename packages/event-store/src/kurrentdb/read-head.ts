import { LOG_START } from '../checkpoint.js';
import type { LogHead } from '../event-store.js';
import type { KurrentConnection } from './connection.js';
import { ourStreams } from './our-streams.js';
import { toRecordedEvent } from './recorded-event.js';

/**
 * The last event of $all. `at` is this machine's clock taken before the read (the server's is
 * not exposed); everything committed before it is at or before the head returned.
 */
export async function readHead({ kurrent, client }: KurrentConnection): Promise<LogHead> {
  const at = new Date();
  const read = client.readAll({
    fromPosition: kurrent.END,
    direction: kurrent.BACKWARDS,
    maxCount: 1,
    filter: ourStreams(kurrent),
  });
  for await (const resolved of read)
    if (resolved.event) return { at, checkpoint: toRecordedEvent(resolved.event).checkpoint };
  return { at, checkpoint: LOG_START };
}
