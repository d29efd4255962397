import type { Pool } from '@factory/database';
import type { EventShape, ReadStreamOptions, RecordedEvent } from '../event-store.js';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from './event-row.js';

// A stream is read to decide a command, so it reads whatever is committed: the gap-free rule
// of the global log does not apply (revisions are dense and checked on append).
export async function readStream<E extends EventShape = EventShape>(
  pool: Pool,
  stream: string,
  options: ReadStreamOptions = {},
): Promise<RecordedEvent<E>[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS}
       FROM events
      WHERE stream_id = $1 AND stream_revision >= $2
      ORDER BY stream_revision
      LIMIT $3`,
    [stream, options.fromRevision ?? 0, options.limit ?? null],
  );
  return rows.map((row) => toRecordedEvent(row) as RecordedEvent<E>);
}
