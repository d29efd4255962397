import type { Pool } from '@factory/database';
import { fromSnapshot, type StockSnapshot, type StockState, toSnapshot } from '@factory/domain';
import { parseStreamName, type SnapshotRow } from '@factory/event-store';
import type { SnapshotStore } from '../decider.js';

/** Stock states kept in `stock_snapshots`, one row per item stream. */
export function stockSnapshots(pool: Pool): SnapshotStore<StockState> {
  return {
    async load(stream) {
      const { rows } = await pool.query<{ revision: number; snapshot: StockSnapshot }>(
        'SELECT revision, snapshot FROM stock_snapshots WHERE stream = $1',
        [stream],
      );
      const row = rows[0];
      const state = row ? fromSnapshot(row.snapshot) : null;
      return row && state ? { revision: row.revision, state } : null;
    },
    async save(stream, revision, state) {
      const empresaId = parseStreamName(stream)?.companyId;
      if (empresaId === undefined) throw new Error(`not a company stream: ${stream}`);
      // Two writers may save out of order: a snapshot only ever moves forward.
      await pool.query(
        `INSERT INTO stock_snapshots (stream, empresa_id, revision, snapshot) VALUES ($1, $2, $3, $4) ${MOVE_FORWARD}`,
        [stream, empresaId, revision, JSON.stringify(toSnapshot(state))],
      );
    },
  };
}

const MOVE_FORWARD = `ON CONFLICT (stream) DO UPDATE SET revision = EXCLUDED.revision, snapshot = EXCLUDED.snapshot
  WHERE stock_snapshots.revision < EXCLUDED.revision`;

/**
 * A snapshot written by the append that brings its stream to `revision` (its last event there
 * is `eventId`): it goes with the events, costs no round trip of its own, and is never ahead of
 * the log.
 */
export const snapshotRow = (row: {
  eventId: string;
  stream: string;
  empresaId: string;
  revision: number;
  snapshot: StockSnapshot;
}): SnapshotRow => ({
  kind: 'snapshot',
  snapshot: 'stock',
  eventId: row.eventId,
  stream: row.stream,
  empresaId: row.empresaId,
  revision: row.revision,
  data: row.snapshot,
});
