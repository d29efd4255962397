import type { Pool } from '@factory/database';
import { LOG_START } from '../checkpoint.js';
import type { ReadAllOptions, RecordedEvent } from '../event-store.js';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from './event-row.js';

export const DEFAULT_BATCH = 1000;

/**
 * The global log after a checkpoint, gap-free. `position > N` would be wrong: positions are
 * taken at insert, so a transaction holding position 7 may commit after a reader has passed 8,
 * and that reader never looks back. Instead:
 *   1. order by (tx_id, position), the writing transaction first;
 *   2. return only rows whose transaction is older than the oldest one still running
 *      (pg_snapshot_xmin): every transaction that could still commit has a larger id, so no
 *      event can ever appear before a checkpoint already handed out.
 * The price: a long transaction anywhere on the server holds readers back until it ends.
 */
export const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS}
   FROM events
  WHERE (tx_id, position) > ($1::xid8, $2::bigint)
    AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY events.tx_id, events.position
  LIMIT $3`;

/** `db`: the pool, or a connection whose transaction the read belongs to. */
export async function readAll(
  db: Pick<Pool, 'query'>,
  options: ReadAllOptions = {},
): Promise<RecordedEvent[]> {
  const after = options.after ?? LOG_START;
  const { rows } = await db.query<EventRow>(READ_ALL_SQL, [
    after.txId,
    after.position,
    options.limit ?? DEFAULT_BATCH,
  ]);
  return rows.map(toRecordedEvent);
}
