import type { Pool } from '@factory/database';
import { type RowWrite, type RowWriteKind, rowWrite } from '@factory/event-store';
import { isUuid } from '../uuid.js';

export interface IndexedMovement {
  insumoId: string;
  /** The movement event's revision in the item's stream. */
  revision: number;
}

const MOVEMENT_INDEX: RowWriteKind<{ movimentoId: string; empresaId: string; insumoId: string }> = {
  write: (rows) => ({
    text: `INSERT INTO stock_movement_index (movimento_id, empresa_id, insumo_id, revision)
           SELECT a.event_id, x.empresa_id, x.insumo_id, a.stream_revision
             FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS x(event_id, empresa_id, insumo_id)
             JOIN appended AS a ON a.event_id = x.event_id`,
    values: [rows.map((r) => r.movimentoId), rows.map((r) => r.empresaId), rows.map((r) => r.insumoId)],
  }),
};

/**
 * Records where an appended movement lives, in the append's own statement. No ON CONFLICT: a
 * movement id already indexed is an earlier append of the same command, and the unique
 * violation sends the batch back to reload and see that.
 */
export const movementIndexRow = (row: {
  movimentoId: string;
  empresaId: string;
  insumoId: string;
}): RowWrite => rowWrite(MOVEMENT_INDEX, row);

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
