import type { Pool } from '@factory/database';
import type { EventStore, MovementIndexRow } from '@factory/event-store';
import { isUuid } from '../uuid.js';

export interface IndexedMovement {
  insumoId: string;
  /** The movement event's revision in the item's stream. */
  revision: number;
}

/** Where an appended movement lives (its event's id is the movement's id): a row of its append. */
export const movementIndexRow = (row: {
  movimentoId: string;
  empresaId: string;
  insumoId: string;
}): MovementIndexRow => ({
  kind: 'movement_index',
  eventId: row.movimentoId,
  empresaId: row.empresaId,
  insumoId: row.insumoId,
});

/**
 * The company's movement with this id; another company's is not found, like a missing one. The
 * store first makes sure no committed movement's row is missing (rows written after the commit).
 */
export async function findMovement(
  { pool, store }: { pool: Pool; store: EventStore },
  empresaId: string,
  movimentoId: string,
): Promise<IndexedMovement | null> {
  if (!isUuid(movimentoId)) return null;
  await store.writeSideRowsCurrent();
  const { rows } = await pool.query<{ insumo_id: string; revision: number }>(
    'SELECT insumo_id, revision FROM stock_movement_index WHERE movimento_id = $1 AND empresa_id = $2',
    [movimentoId, empresaId],
  );
  const row = rows[0];
  return row ? { insumoId: row.insumo_id, revision: row.revision } : null;
}
