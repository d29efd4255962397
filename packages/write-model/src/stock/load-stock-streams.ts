import {
  fromSnapshot,
  type StockFoldedEvent,
  type StockSnapshot,
  type StockState,
  stockDecider,
} from '@factory/domain';
import { catchUp, type LoadedStream } from '../load-stream.js';
import type { StockDeps } from './stock-deps.js';

export interface StockLoad {
  /** The item streams, each once. */
  streams: readonly string[];
  /** The (company, location) pairs whose activity the commands need. */
  locations: ReadonlyArray<{ empresaId: string; localId: string }>;
}

export interface LoadedStocks {
  streams: Map<string, LoadedStream<StockState>>;
  /** `empresaId/localId` of those asked about that are active locations of the company. */
  activeLocations: Set<string>;
}

// One round trip for a whole batch of commands: per stream, the snapshot and the events after it (as JSON, in revision order); and, in a row without a stream,
// which of the locations asked about are active ones of their company. All from one snapshot of
// the database, which the append's expected revisions then check.
const LOAD = `SELECT NULL::text AS stream, NULL::bigint AS snapshot_revision, NULL::jsonb AS snapshot,
       (SELECT coalesce(json_agg(l.empresa_id::text || '/' || l.id::text), '[]')
          FROM unnest($2::uuid[], $3::uuid[]) AS q(empresa_id, local_id)
          JOIN locais l ON l.id = q.local_id AND l.empresa_id = q.empresa_id AND l.ativo) AS locations,
       NULL::json AS events
UNION ALL
SELECT q.stream, s.revision, s.snapshot, NULL,
       (SELECT coalesce(json_agg(json_build_object('revision', e.stream_revision, 'type', e.type, 'data', e.data)
                                 ORDER BY e.stream_revision), '[]')
          FROM events e
         WHERE e.stream_id = q.stream AND e.stream_revision > coalesce(s.revision, -1))
  FROM unnest($1::text[]) AS q(stream)
  LEFT JOIN stock_snapshots s ON s.stream = q.stream`;

type LoadRow =
  | { stream: null; locations: string[] }
  | {
      stream: string;
      snapshot_revision: number | null;
      snapshot: StockSnapshot | null;
      events: Array<StockFoldedEvent & { revision: number }>;
    };

/**
 * Item streams loaded for commands, each from its snapshot plus the events after it (deciding
 * never reads a busy item's whole history), with the locations' checks, in one query.
 */
export async function loadStockStreams(deps: StockDeps, load: StockLoad): Promise<LoadedStocks> {
  const { rows } = await deps.pool.query<LoadRow>({
    name: 'stock-load-streams',
    text: LOAD,
    values: [load.streams, load.locations.map((l) => l.empresaId), load.locations.map((l) => l.localId)],
  });
  const streams = new Map<string, LoadedStream<StockState>>();
  let activeLocations = new Set<string>();
  for (const row of rows)
    if (row.stream === null) activeLocations = new Set(row.locations);
    else streams.set(row.stream, await loadedFrom(deps, row));
  return { streams, activeLocations };
}

async function loadedFrom(
  deps: StockDeps,
  row: Extract<LoadRow, { stream: string }>,
): Promise<LoadedStream<StockState>> {
  const { stream } = row;
  const snapshot = row.snapshot === null ? null : fromSnapshot(row.snapshot);
  if (row.snapshot !== null && snapshot === null) {
    // A snapshot of a shape this code no longer reads: fold the whole stream instead.
    const initial = {
      state: stockDecider.initialState(),
      revision: 'no_stream' as const,
      snapshotRevision: -1,
    };
    return catchUp(deps.store, stockDecider, stream, initial);
  }
  const start: LoadedStream<StockState> = snapshot
    ? { state: snapshot, revision: row.snapshot_revision!, snapshotRevision: row.snapshot_revision! }
    : { state: stockDecider.initialState(), revision: 'no_stream', snapshotRevision: -1 };
  return foldAfter(start, row.events);
}

function foldAfter(
  start: LoadedStream<StockState>,
  events: ReadonlyArray<StockFoldedEvent & { revision: number }>,
): LoadedStream<StockState> {
  const last = events.at(-1);
  if (last === undefined) return start;
  return {
    state: events.reduce<StockState>((state, event) => stockDecider.evolve(state, event), start.state),
    revision: last.revision,
    snapshotRevision: start.snapshotRevision,
  };
}
