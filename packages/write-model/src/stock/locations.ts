import type { Pool } from '@factory/database';
import { isUuid } from '../uuid.js';

/** The domain leaves this to the caller: the location exists, is the company's and is active. */
export async function isActiveLocation(pool: Pool, empresaId: string, localId: string): Promise<boolean> {
  if (!isUuid(localId)) return false;
  const { rowCount } = await pool.query('SELECT 1 FROM locais WHERE id = $1 AND empresa_id = $2 AND ativo', [
    localId,
    empresaId,
  ]);
  return rowCount === 1;
}
