import type { Pool } from '@factory/database';
import type { StockError, StockEvent, StockState } from '@factory/domain';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import type { Decider } from '../decider.js';
import type { CommandHandlerDeps } from '../handle-command.js';
import { stockSnapshots } from './stock-snapshots.js';

export interface StockWriteModelOptions {
  pool: Pool;
  /** Reads streams; by default the PostgreSQL store on the same pool (appends always are). */
  store?: EventStore;
  snapshotEvery?: number;
  maxAttempts?: number;
  onSnapshotError?: (error: unknown) => void;
}

/** What every stock command needs: the pool, the store, the snapshots and the handler's knobs. */
export interface StockDeps {
  pool: Pool;
  store: EventStore;
  handler<C>(
    decider: Decider<StockState, C, StockEvent, StockError>,
  ): CommandHandlerDeps<StockState, C, StockEvent, StockError>;
}

export function createStockDeps(options: StockWriteModelOptions): StockDeps {
  const { pool } = options;
  const store = options.store ?? createPostgresEventStore({ pool, listen: null });
  const snapshots = stockSnapshots(pool);
  return {
    pool,
    store,
    handler: (decider) => ({
      pool,
      store,
      decider,
      snapshots,
      snapshotEvery: options.snapshotEvery,
      maxAttempts: options.maxAttempts,
      onSnapshotError: options.onSnapshotError,
    }),
  };
}
