import type { StockState } from '@factory/domain';
import { LRUCache } from 'lru-cache';
import type { LoadedStream } from '../load-stream.js';

/**
 * The decided states of recently written items, kept in the process like snapshots in memory:
 * a command on a cached item loads only the events after the cached revision (none, unless
 * another process wrote), never the stored snapshot. A state is taken out while a batch decides
 * with it (deciding mutates it) and put back only once the batch's append committed, so a
 * failed or conflicting batch can never leave a state that the log does not hold.
 * Bounded by size: one unit per item plus one per location and per remembered movement.
 */
export interface StockStateCache {
  take(stream: string): LoadedStream<StockState> | undefined;
  put(stream: string, loaded: LoadedStream<StockState>): void;
}

export function createStockStateCache(maxSize: number): StockStateCache {
  const cache = new LRUCache<string, LoadedStream<StockState>>({
    maxSize,
    sizeCalculation: ({ state }) => 1 + state.locations.size + state.movements.size,
  });
  return {
    take(stream) {
      const loaded = cache.get(stream);
      if (loaded !== undefined) cache.delete(stream);
      return loaded;
    },
    put(stream, loaded) {
      if (loaded.revision !== 'no_stream') cache.set(stream, loaded);
    },
  };
}
