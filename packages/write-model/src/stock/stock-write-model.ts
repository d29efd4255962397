import { createBatcher } from '@factory/batching';
import type { WriteContext } from '../write-context.js';
import { createWriteStore } from '../write-store.js';
import { type EstornarMovimentoInput, estornarMovimento } from './estornar-movimento/estornar-movimento.js';
import { createKnownLocations } from './known-locations.js';
import { commitMovements } from './movement-batch.js';
import type { MovementJob } from './movement-job.js';
import type { MovementOutcome, MovementWriteOptions } from './movement-outcome.js';
import {
  type RegistrarMovimentoInput,
  registrarMovimento,
} from './registrar-movimento/registrar-movimento.js';
import type { StockDeps, StockWriteModelOptions } from './stock-deps.js';
import { stockSnapshots } from './stock-snapshots.js';
import { createStockStateCache } from './stock-state-cache.js';

/** The stock ledger's commands, like a table of contents. */
export interface StockWriteModel {
  registrarMovimento(
    context: WriteContext,
    input: RegistrarMovimentoInput,
    options?: MovementWriteOptions,
  ): Promise<MovementOutcome>;
  estornarMovimento(
    context: WriteContext,
    input: EstornarMovimentoInput,
    options?: MovementWriteOptions,
  ): Promise<MovementOutcome>;
  /** Movement jobs of other write models (production records) join this process's group commit. */
  submit(job: MovementJob): Promise<MovementOutcome>;
}

export function createStockWriteModel(options: StockWriteModelOptions): StockWriteModel {
  const deps = createStockDeps(options);
  return {
    registrarMovimento: (context, input, options) => registrarMovimento(deps, context, input, options),
    estornarMovimento: (context, input, options) => estornarMovimento(deps, context, input, options),
    submit: (job) => deps.movements.submit(job),
  };
}

const SNAPSHOT_EVERY = 25;
const MAX_BATCH = 64;
const CACHE_SIZE = 200_000;
const KNOWN_LOCATIONS = 10_000;

/**
 * Wired here rather than beside the StockDeps type: the flush (movement-batch) and the loaders
 * need the type, so the type's module must not import them back.
 */
function createStockDeps(options: StockWriteModelOptions): StockDeps {
  const { pool } = options;
  const store = options.store ?? createWriteStore({ pool });
  const snapshotEvery = options.snapshotEvery ?? SNAPSHOT_EVERY;
  const contention = options.contention ?? {};
  const deps: StockDeps = {
    pool,
    store,
    snapshotEvery,
    contention,
    cache: createStockStateCache(options.cacheSize ?? CACHE_SIZE),
    locations: createKnownLocations(KNOWN_LOCATIONS),
    // Group commit, the command handler's batch strategy: concurrent movement commands share one
    // run of movement-batch.ts (one round trip, one commit) instead of queueing for the database
    // one by one. One run at a time per process, so its jobs never race each other for a stream
    // or a key (two or four at a time measured no better on 2 cores: the database, not the wait,
    // is what a run costs).
    movements: createBatcher((jobs) => commitMovements(deps, jobs), {
      maxBatch: options.maxBatch ?? MAX_BATCH,
    }),
    handler: (decider) => ({ store, decider, snapshots: stockSnapshots, snapshotEvery }),
  };
  return deps;
}
