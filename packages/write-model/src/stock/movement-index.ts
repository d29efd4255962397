import type { Pool } from '@factory/database';
import {
  type EventStore,
  type InlineProjection,
  type ProjectedRow,
  parseStreamName,
  projected,
} from '@factory/event-store';
import { isUuid } from '../uuid.js';

export interface IndexedMovement {
  insumoId: string;
  /** The movement event's revision in the item's stream. */
  revision: number;
}

/**
 * `stock_movement_index`: movement → item, for the reversal, which names only the movement. The
 * movement's event id is the movement's id; the revision is its event's, read from `appended`.
 */
export interface MovementIndexRow {
  /** The movement's event. */
  eventId: string;
  empresaId: string;
  insumoId: string;
}

const MOVEMENTS = new Set(['MovimentoRegistrado.v1', 'MovimentoEstornado.v1']);

// One array statement for every movement of a group commit: it rides in the append's statement.
export const movementIndex: InlineProjection<MovementIndexRow> = {
  name: 'stock_movement_index',
  rowsOf(event) {
    const empresaId = parseStreamName(event.stream)?.companyId;
    if (empresaId === undefined || !MOVEMENTS.has(event.type)) return [];
    return [{ eventId: event.id, empresaId, insumoId: (event.data as { insumo_id: string }).insumo_id }];
  },
  write: (rows) => ({
    text: `INSERT INTO stock_movement_index (movimento_id, empresa_id, insumo_id, revision)
           SELECT a.event_id, x.empresa_id, x.insumo_id, a.stream_revision
             FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS x(event_id, empresa_id, insumo_id)
             JOIN appended AS a ON a.event_id = x.event_id
           ON CONFLICT (movimento_id) DO NOTHING`,
    values: [rows.map((r) => r.eventId), rows.map((r) => r.empresaId), rows.map((r) => r.insumoId)],
  }),
};

/** Where an appended movement lives: a row of its append. */
export const movementIndexRow = (row: {
  movimentoId: string;
  empresaId: string;
  insumoId: string;
}): ProjectedRow =>
  projected(movementIndex, { eventId: row.movimentoId, empresaId: row.empresaId, insumoId: row.insumoId });

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
