import {
  fromSnapshot,
  type StockEvent,
  type StockSnapshot,
  type StockState,
  stockDecider,
} from '@factory/domain';
import { catchUp, type LoadedStream } from '../load-stream.js';
import type { StockDeps } from './stock-deps.js';

export interface LoadedStock {
  loaded: LoadedStream<StockState>;
  /** Whether the location asked about is an active location of the company; null if none was. */
  activeLocation: boolean | null;
}

// One round trip: the snapshot, the events after it (as JSON, in revision order) and, for a
// movement, whether its location is an active one of the company. All from one snapshot of the
// database, which the append's expected revision then checks.
const LOAD = `SELECT s.revision AS snapshot_revision, s.snapshot,
       CASE WHEN $3::uuid IS NULL THEN NULL ELSE EXISTS (
         SELECT 1 FROM locais l WHERE l.id = $3::uuid AND l.empresa_id = $2::uuid AND l.ativo
       ) END AS active_location,
       (SELECT coalesce(json_agg(json_build_object('revision', e.stream_revision, 'type', e.type, 'data', e.data)
                                 ORDER BY e.stream_revision), '[]')
          FROM events e
         WHERE e.stream_id = $1 AND e.stream_revision > coalesce(s.revision, -1)) AS events
  FROM (SELECT 1) AS one
  LEFT JOIN stock_snapshots s ON s.stream = $1`;

/**
 * An item's stream loaded for a command, from its snapshot plus the events after it, the same
 * state `loadStream` gives but in one query. `localId`, a uuid, is checked in the same query.
 */
export async function loadStockStream(
  deps: StockDeps,
  stream: string,
  empresaId: string,
  localId: string | null = null,
): Promise<LoadedStock> {
  const { rows } = await deps.pool.query<{
    snapshot_revision: number | null;
    snapshot: StockSnapshot | null;
    active_location: boolean | null;
    events: Array<StockEvent & { revision: number }>;
  }>({ name: 'stock-load-stream', text: LOAD, values: [stream, empresaId, localId] });
  const row = rows[0]!;
  const snapshot = row.snapshot === null ? null : fromSnapshot(row.snapshot);
  const activeLocation = row.active_location;
  if (row.snapshot !== null && snapshot === null) {
    // A snapshot of a shape this code no longer reads: fold the whole stream instead.
    const initial = {
      state: stockDecider.initialState(),
      revision: 'no_stream' as const,
      snapshotRevision: -1,
    };
    return { activeLocation, loaded: await catchUp(deps.store, stockDecider, stream, initial) };
  }
  const start: LoadedStream<StockState> = snapshot
    ? { state: snapshot, revision: row.snapshot_revision!, snapshotRevision: row.snapshot_revision! }
    : { state: stockDecider.initialState(), revision: 'no_stream', snapshotRevision: -1 };
  const last = row.events.at(-1);
  if (last === undefined) return { activeLocation, loaded: start };
  return {
    activeLocation,
    loaded: {
      state: row.events.reduce<StockState>((state, event) => stockDecider.evolve(state, event), start.state),
      revision: last.revision,
      snapshotRevision: start.snapshotRevision,
    },
  };
}
