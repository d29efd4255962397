import type { Pool } from '@factory/database';
import type { CountEventsOptions } from '../event-store.js';

/** Counts in the log's own order, (tx_id, position), on its primary key's order. */
export async function countEvents(pool: Pool, { after, upTo }: CountEventsOptions): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM events
      WHERE (tx_id, position) > ($1::xid8, $2::bigint)
        AND ($3::xid8 IS NULL OR (tx_id, position) <= ($3::xid8, $4::bigint))`,
    [after.txId, after.position, upTo?.txId ?? null, upTo?.position ?? null],
  );
  return Number(rows[0]!.n);
}
