import type { Pool } from '@factory/database';
import { LOG_START } from '../checkpoint.js';
import type { LogHead } from '../event-store.js';

/**
 * The last committed event in log order, whether or not readers may read it yet: a projector
 * is at the head only when nothing committed lies beyond its checkpoint. `now()` is the
 * transaction's start, taken before this statement's snapshot, so everything committed before
 * `at` is visible to it.
 */
export async function readHead(pool: Pool): Promise<LogHead> {
  const { rows } = await pool.query<{ at: Date; tx_text: string | null; position: number | null }>(
    `SELECT now() AS at, last.tx_id::text AS tx_text, last.position
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (
         SELECT tx_id, position FROM events ORDER BY tx_id DESC, position DESC LIMIT 1
       ) AS last ON true`,
  );
  const row = rows[0]!;
  return {
    at: row.at,
    checkpoint: row.tx_text === null ? LOG_START : { txId: row.tx_text, position: row.position! },
  };
}
