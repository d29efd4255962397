import { inTransaction, type Pool } from '@factory/database';
import type { LogCheckpoint, RecordedEvent } from '@factory/event-store';
import { storeCheckpoint } from './checkpoints.js';
import type { Projection, ProjectionTarget } from './projection.js';

/**
 * Another worker moved this build's checkpoint, or holds rows of this batch uncommitted for
 * longer than BATCH_LOCK_TIMEOUT: this one must resume from the stored checkpoint.
 */
export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
  constructor(
    readonly checkpointName: string,
    message = `checkpoint ${checkpointName} was moved by another worker; resuming from the stored one`,
  ) {
    super(message);
  }
}

/**
 * How long a batch's statement may wait for another transaction's rows. Two workers of one
 * build (the server's projector and a CLI's, say) can otherwise wait on each other for ever,
 * where PostgreSQL cannot see it: a staged batch holds its rows while it waits, in this process,
 * for the batch before it, which waits for the other worker's rows, which waits for the staged
 * one's. Any wait this long means another worker is applying the same events; the compare-and-
 * set of the checkpoint lets only one of them commit anyway.
 */
export const BATCH_LOCK_TIMEOUT = '2s';
const LOCK_NOT_AVAILABLE = '55P03';

export interface BatchToApply {
  /** The checkpoint the batch starts after: what this worker believes is stored. */
  after: LogCheckpoint;
  events: readonly RecordedEvent[];
  /** An instant at which a checkpoint at or before this batch's end was the log's head. */
  watermark: Date | null;
}

/**
 * Invariant 5 in one transaction:
 *   1. apply the batch's handled events to the read model;
 *   2. move the checkpoint from `after` to the batch's last event (and the watermark);
 *   3. commit both, or, when step 2 finds the checkpoint moved by another worker, roll both back.
 * A kill at any point leaves either the whole batch with its checkpoint, or neither.
 * Events the projection does not handle still move the checkpoint, so an idle projection
 * reaches the head of a log full of other events.
 *
 * `previous` settles when the batch before has committed (it rejects if that one failed). A
 * projection's staged writes run before it does, the rest after; a batch whose predecessor
 * failed rolls back. Either way the checkpoint's compare-and-set orders the commits: this batch
 * expects the checkpoint its predecessor stores.
 */
export async function applyBatch(
  pool: Pool,
  projection: Projection,
  target: ProjectionTarget,
  batch: BatchToApply,
  previous: Promise<void> = Promise.resolve(),
): Promise<LogCheckpoint> {
  const next = batch.events.at(-1)!.checkpoint;
  const handled = batch.events.filter((e) => projection.handles.includes(e.type));
  const staged = handled.length > 0 && projection.stage !== undefined;
  // Without staged writes, nothing is gained by holding a connection while waiting.
  if (!staged) await previous;
  await inTransaction(
    pool,
    async (client) => {
      if (staged) await projection.stage!(client, handled, target);
      await previous;
      if (handled.length > 0) await projection.apply(client, handled, target);
      if (!(await storeCheckpoint(client, target.checkpointName, batch.after, next, batch.watermark)))
        throw new CheckpointMovedError(target.checkpointName);
    },
    // Read models are derived: a PostgreSQL crash may forget the last few batches, but only
    // whole, with their checkpoint (the WAL replays in order), and they are projected again.
    // Not waiting for the WAL flush at each commit saves a disk round trip per batch.
    `SET LOCAL synchronous_commit = off; SET LOCAL lock_timeout = '${BATCH_LOCK_TIMEOUT}'`,
  ).catch((error: unknown) => {
    if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    throw new CheckpointMovedError(
      target.checkpointName,
      `another worker held rows of a batch of ${target.checkpointName} for over ${BATCH_LOCK_TIMEOUT}; resuming from the stored checkpoint`,
    );
  });
  return next;
}
