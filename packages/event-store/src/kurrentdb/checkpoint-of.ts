import type { LogCheckpoint } from '../checkpoint.js';
import type { KurrentConnection } from './connection.js';
import { ourStreams } from './our-streams.js';
import { toRecordedEvent } from './recorded-event.js';

/**
 * An event's `position` is its prepare position; events written by a plain append have the
 * same commit position, so reading $all from (p, p) lands on the event itself.
 */
export async function checkpointOf(
  { kurrent, client }: KurrentConnection,
  position: number,
): Promise<LogCheckpoint | null> {
  const read = client.readAll({
    fromPosition: { commit: BigInt(position), prepare: BigInt(position) },
    direction: kurrent.FORWARDS,
    maxCount: 1,
    filter: ourStreams(kurrent),
  });
  for await (const resolved of read) {
    if (!resolved.event) continue;
    const { checkpoint } = toRecordedEvent(resolved.event);
    return checkpoint.position === position ? checkpoint : null;
  }
  return null;
}
