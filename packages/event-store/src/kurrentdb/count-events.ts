import { compareCheckpoints } from '../checkpoint.js';
import type { CountEventsOptions } from '../event-store.js';
import type { KurrentConnection } from './connection.js';
import { readAll } from './read-all.js';

const PAGE = 4096;

/**
 * KurrentDB keeps no count of a filtered stretch of $all: the events are read and counted, page
 * by page. Fine for a lag (short) and a rebuild's total (read once at its end); nothing calls it
 * per request.
 */
export async function countEvents(connection: KurrentConnection, { after, upTo }: CountEventsOptions) {
  let count = 0;
  for (let from = after; ; ) {
    const page = await readAll(connection, { after: from, limit: PAGE });
    for (const event of page) {
      if (upTo && compareCheckpoints(event.checkpoint, upTo) > 0) return count;
      count++;
    }
    if (page.length < PAGE) return count;
    from = page.at(-1)!.checkpoint;
  }
}
