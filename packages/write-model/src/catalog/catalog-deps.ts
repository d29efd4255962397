import type { Pool } from '@factory/database';
import type { FornecedorState, InsumoState, ProdutoState } from '@factory/domain';
import type { EventShape, EventStore } from '@factory/event-store';
import type { Decider, SnapshotCodec } from '../decider.js';
import type { HandleOptions } from '../handle-command.js';
import { Lanes } from '../lanes.js';
import type { CommandHandlerDeps } from '../stream-command.js';
import { createWriteStore } from '../write-store.js';
import { productCodec, supplierCodec, supplyItemCodec } from './catalog-snapshots.js';
import { createFenceReader, type FenceReader } from './relations-fence.js';

export interface CatalogWriteModelOptions {
  /** Where the write-side rows are read (the facts a command is decided on). */
  pool: Pool;
  /** The log, written and read through the port; by default the PostgreSQL store on the pool. */
  store?: EventStore;
  snapshotEvery?: number;
  /** How long a write keeps retrying under contention, and who is told about it. */
  contention?: HandleOptions;
}

/** What every catalog command needs: the pool, the store, each stream kind's snapshots. */
export interface CatalogDeps {
  pool: Pool;
  store: EventStore;
  fences: FenceReader;
  /** Relational writes of one company, one at a time in this process (lane: the company id). */
  relations: Lanes;
  contention: HandleOptions;
  snapshots: {
    product: SnapshotCodec<ProdutoState>;
    supplyItem: SnapshotCodec<InsumoState>;
    supplier: SnapshotCodec<FornecedorState>;
  };
  handler<S, C, E extends EventShape, Err>(
    decider: Decider<S, C, E, Err>,
    snapshots: SnapshotCodec<S>,
  ): CommandHandlerDeps<S, C, E, Err>;
}

export function createCatalogDeps(options: CatalogWriteModelOptions): CatalogDeps {
  const { pool } = options;
  const store = options.store ?? createWriteStore({ pool });
  return {
    pool,
    store,
    fences: createFenceReader(store),
    relations: new Lanes(),
    contention: options.contention ?? {},
    snapshots: { product: productCodec, supplyItem: supplyItemCodec, supplier: supplierCodec },
    handler: (decider, snapshots) => ({ store, decider, snapshots, snapshotEvery: options.snapshotEvery }),
  };
}
