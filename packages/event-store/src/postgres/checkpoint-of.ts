import type { Pool } from '@factory/database';
import type { LogCheckpoint } from '../checkpoint.js';

/** Turns a client's `X-Posicao-Log` back into a checkpoint a projector's can be compared with. */
export async function checkpointOf(pool: Pool, position: number): Promise<LogCheckpoint | null> {
  const { rows } = await pool.query<{ tx_id: string }>(
    'SELECT tx_id::text AS tx_id FROM events WHERE position = $1',
    [position],
  );
  return rows[0] ? { txId: rows[0].tx_id, position } : null;
}
