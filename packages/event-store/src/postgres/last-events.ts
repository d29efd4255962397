import type { Pool } from '@factory/database';
import type { RecordedEvent } from '../event-store.js';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from './event-row.js';

// Each stream's last event, found by the (stream_id, stream_revision) index. Named: planned once
// per connection; one statement whatever the number of streams.
const LAST = `SELECT q.n, e.*
  FROM unnest($1::text[]) WITH ORDINALITY AS q(stream, n)
  CROSS JOIN LATERAL (
    SELECT ${EVENT_COLUMNS} FROM events
     WHERE stream_id = q.stream ORDER BY stream_revision DESC LIMIT 1) AS e`;

/** The last event of each stream, in the order given (undefined: no such stream), in one statement. */
export async function lastEvents(
  pool: Pool,
  streams: readonly string[],
): Promise<(RecordedEvent | undefined)[]> {
  if (streams.length === 0) return [];
  const { rows } = await pool.query<EventRow & { n: string }>({
    name: 'event-store-last-events',
    text: LAST,
    values: [streams],
  });
  const found = new Map(rows.map((row) => [Number(row.n), toRecordedEvent(row)]));
  return streams.map((_, i) => found.get(i + 1));
}
