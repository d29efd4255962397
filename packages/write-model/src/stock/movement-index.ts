import type { Pool, PoolClient } from '@factory/database';
import { isUuid } from '../uuid.js';

export interface IndexedMovement {
  insumoId: string;
  /** The movement event's revision in the item's stream. */
  revision: number;
}

/** Records where movements live; called inside the append's transaction. */
export async function indexMovements(
  client: PoolClient,
  empresaId: string,
  insumoId: string,
  movements: ReadonlyArray<{ id: string; revision: number }>,
): Promise<void> {
  // No ON CONFLICT: a movement id already indexed means this append repeats an earlier one,
  // and the unique violation sends the command handler back to reload and see that.
  await client.query(
    `INSERT INTO stock_movement_index (movimento_id, empresa_id, insumo_id, revision)
     SELECT id, $1, $2, revision FROM unnest($3::uuid[], $4::bigint[]) AS m(id, revision)`,
    [empresaId, insumoId, movements.map((m) => m.id), movements.map((m) => m.revision)],
  );
}

/** The company's movement with this id; another company's is not found, like a missing one. */
export async function findMovement(
  pool: Pool,
  empresaId: string,
  movimentoId: string,
): Promise<IndexedMovement | null> {
  if (!isUuid(movimentoId)) return null;
  const { rows } = await pool.query<{ insumo_id: string; revision: number }>(
    'SELECT insumo_id, revision FROM stock_movement_index WHERE movimento_id = $1 AND empresa_id = $2',
    [movimentoId, empresaId],
  );
  const row = rows[0];
  return row ? { insumoId: row.insumo_id, revision: row.revision } : null;
}
