import type { Batcher } from '@factory/batching';
import type { Pool } from '@factory/database';
import type { StockError, StockEvent, StockState } from '@factory/domain';
import type { EventStore } from '@factory/event-store';
import type { Decider } from '../decider.js';
import type { HandleOptions } from '../handle-command.js';
import type { CommandHandlerDeps } from '../stream-command.js';
import type { KnownLocations } from './known-locations.js';
import type { MovementJob } from './movement-job.js';
import type { MovementOutcome } from './movement-outcome.js';
import type { StockStateCache } from './stock-state-cache.js';

export interface StockWriteModelOptions {
  pool: Pool;
  /** Reads streams; by default the PostgreSQL store on the same pool (appends always are). */
  store?: EventStore;
  /** Save a snapshot once the stream is this many events past the last one (25). */
  snapshotEvery?: number;
  /** How long a write keeps retrying under contention, and who is told about it. */
  contention?: HandleOptions;
  /** Movement commands decided and appended together at most (64). */
  maxBatch?: number;
  /** Size of the decided states kept in memory, in items + locations + movements (200,000). */
  cacheSize?: number;
}

/** What every stock command needs: the pool, the store, the snapshots and the handler's knobs. */
export interface StockDeps {
  pool: Pool;
  store: EventStore;
  snapshotEvery: number;
  contention: HandleOptions;
  /** Movement commands of this process share appends (group commit). */
  movements: Batcher<MovementJob, MovementOutcome>;
  cache: StockStateCache;
  locations: KnownLocations;
  handler<C>(
    decider: Decider<StockState, C, StockEvent, StockError>,
  ): CommandHandlerDeps<StockState, C, StockEvent, StockError>;
}
