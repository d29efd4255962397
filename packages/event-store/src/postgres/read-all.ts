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
 *   2. return only rows whose transaction is older than the oldest one still running that
 *      could write to this log: every such transaction has a larger id, so no event can ever
 *      appear before a checkpoint already handed out.
 * Transaction ids and snapshots span the whole server, so the running ones are those of the
 * statement's own snapshot (pg_snapshot_xip). One is left out only when pg_stat_activity shows
 * it running in another database, which cannot write this table; one it cannot place (ended
 * since the snapshot, a prepared transaction, a session whose details this role may not see)
 * counts, as pg_snapshot_xmin would. Without that, a long transaction in any database on the
 * server held every reader back until it ended. One in this database still does.
 */
export const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS}
   FROM events
  WHERE (tx_id, position) > ($1::xid8, $2::bigint)
    AND tx_id < (
      SELECT coalesce(min(running.xid), min(pg_snapshot_xmax(now.snapshot)))
        FROM (SELECT pg_current_snapshot() AS snapshot) AS now
        LEFT JOIN LATERAL pg_snapshot_xip(now.snapshot) AS running(xid)
          ON NOT EXISTS (
            SELECT 1 FROM pg_stat_activity AS elsewhere
             WHERE elsewhere.backend_xid = running.xid::xid
               AND elsewhere.datid <> (SELECT oid FROM pg_database WHERE datname = current_database())))
  ORDER BY events.tx_id, events.position
  LIMIT $3`;

/** `db`: the pool, or a connection whose transaction the read belongs to. */
export async function readAll(
  db: Pick<Pool, 'query'>,
  options: ReadAllOptions = {},
): Promise<RecordedEvent[]> {
  const after = options.after ?? LOG_START;
  // Named, so each connection plans it once: planning the bound's subqueries costs several times
  // the read itself (0.7 to 0.9 ms against 0.2), and a following projector reads at every commit.
  const { rows } = await db.query<EventRow>({
    name: 'factory-read-all',
    text: READ_ALL_SQL,
    values: [after.txId, after.position, options.limit ?? DEFAULT_BATCH],
  });
  return rows.map(toRecordedEvent);
}
