import type { Pool } from '@factory/database';
import type { FornecedorState, InsumoState, ProdutoState } from '@factory/domain';
import { createPostgresEventStore, type EventShape, type EventStore } from '@factory/event-store';
import type { Decider, SnapshotStore } from '../decider.js';
import type { CommandHandlerDeps } from '../handle-command.js';
import { catalogSnapshots, productCodec, supplierCodec, supplyItemCodec } from './catalog-snapshots.js';

export interface CatalogWriteModelOptions {
  pool: Pool;
  /** Reads streams; by default the PostgreSQL store on the same pool (appends always are). */
  store?: EventStore;
  snapshotEvery?: number;
  onSnapshotError?: (error: unknown) => void;
}

/** What every catalog command needs: the pool, the store, each stream kind's snapshots. */
export interface CatalogDeps {
  pool: Pool;
  store: EventStore;
  snapshots: {
    product: SnapshotStore<ProdutoState>;
    supplyItem: SnapshotStore<InsumoState>;
    supplier: SnapshotStore<FornecedorState>;
  };
  handler<S, C, E extends EventShape, Err>(
    decider: Decider<S, C, E, Err>,
    snapshots: SnapshotStore<S>,
  ): CommandHandlerDeps<S, C, E, Err>;
}

export function createCatalogDeps(options: CatalogWriteModelOptions): CatalogDeps {
  const { pool } = options;
  const store = options.store ?? createPostgresEventStore({ pool, listen: null });
  return {
    pool,
    store,
    snapshots: {
      product: catalogSnapshots(pool, productCodec),
      supplyItem: catalogSnapshots(pool, supplyItemCodec),
      supplier: catalogSnapshots(pool, supplierCodec),
    },
    handler: (decider, snapshots) => ({
      pool,
      store,
      decider,
      snapshots,
      snapshotEvery: options.snapshotEvery,
      onSnapshotError: options.onSnapshotError,
    }),
  };
}
