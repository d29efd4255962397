import { fromSnapshot, type StockSnapshot, type StockState, stockDecider } from '@factory/domain';
import type { LoadedStreamData } from '@factory/event-store';
import { readActiveLocations } from '@factory/tenants';
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

/**
 * Item streams loaded for commands, each from its snapshot plus the events after it (deciding
 * never reads a busy item's whole history), through the store's one read of them all; and the
 * locations' checks beside it. The append's expected revisions and check confirm both.
 */
export async function loadStockStreams(deps: StockDeps, load: StockLoad): Promise<LoadedStocks> {
  const [loaded, activeLocations] = await Promise.all([
    deps.store.loadStreams(load.streams.map((stream) => ({ stream, snapshot: 'stock' as const }))),
    readActiveLocations(deps.pool, load.locations),
  ]);
  const streams = new Map<string, LoadedStream<StockState>>();
  for (const data of loaded) streams.set(data.stream, await loadedFrom(deps, data));
  return { streams, activeLocations };
}

async function loadedFrom(deps: StockDeps, data: LoadedStreamData): Promise<LoadedStream<StockState>> {
  const { stream, snapshot: stored } = data;
  const snapshot = stored === null ? null : fromSnapshot(stored.data as StockSnapshot);
  if (stored !== null && snapshot === null) {
    // A snapshot of a shape this code no longer reads: fold the whole stream instead.
    const initial = {
      state: stockDecider.initialState(),
      revision: 'no_stream' as const,
      snapshotRevision: -1,
    };
    return catchUp(deps.store, stockDecider, stream, initial);
  }
  const start: LoadedStream<StockState> =
    stored && snapshot
      ? { state: snapshot, revision: stored.revision, snapshotRevision: stored.revision }
      : { state: stockDecider.initialState(), revision: 'no_stream', snapshotRevision: -1 };
  const last = data.events.at(-1);
  if (last === undefined) return start;
  return {
    state: data.events.reduce<StockState>(
      (state, event) => stockDecider.evolve(state, event as Parameters<typeof stockDecider.evolve>[1]),
      start.state,
    ),
    revision: last.revision,
    snapshotRevision: start.snapshotRevision,
  };
}
