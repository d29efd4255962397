import type { Pool } from '@factory/database';
import type { AppendWrite } from '@factory/event-store';
import { isUuid } from '../uuid.js';

export interface IndexedMovement {
  insumoId: string;
  /** The movement event's revision in the item's stream. */
  revision: number;
}

/**
 * Records where the appended movements live, in the append's own statement. No ON CONFLICT: a
 * movement id already indexed is an earlier append of the same command, and the unique
 * violation sends the command handler back to reload and see that.
 */
export function indexAppendedMovements(empresaId: string, insumoId: string): AppendWrite {
  return {
    text: `INSERT INTO stock_movement_index (movimento_id, empresa_id, insumo_id, revision)
           SELECT event_id, $1::uuid, $2::uuid, stream_revision FROM appended`,
    values: [empresaId, insumoId],
  };
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
