import type { Pool } from '@factory/database';
import { compareCheckpoints, type EventStore, type LogCheckpoint } from '@factory/event-store';
import { readCheckpoint } from './checkpoints.js';
import { hasDeferredIndexes } from './deferred-indexes.js';
import { LIVE_SCHEMA } from './projection.js';

/**
 * Resolves once the build has applied the log up to `checkpoint` (a writer's X-Posicao-Log,
 * turned into a checkpoint, or the head); rejects after `timeoutMs`.
 */
export async function waitForProjection(
  pool: Pool,
  checkpointName: string,
  checkpoint: LogCheckpoint,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  await until(
    async () => {
      const stored = await readCheckpoint(pool, checkpointName);
      return stored !== null && compareCheckpoints(stored.checkpoint, checkpoint) >= 0;
    },
    `projection ${checkpointName} did not reach the checkpoint in time`,
    options,
  );
}

/** Waits until the build has applied everything committed to the log so far. */
export async function waitUntilCaughtUp(
  pool: Pool,
  eventStore: EventStore,
  checkpointName: string,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const head = await eventStore.readHead();
  await waitForProjection(pool, checkpointName, head.checkpoint, options);
}

/**
 * Waits until no build of the live tables waits for deferred indexes (build-from-start.ts): a
 * build from the log's start reaches the head first and makes them right after, so a caller that
 * times a catch-up, or reads plans, waits for both.
 */
export async function waitUntilIndexesMade(pool: Pool, options: { timeoutMs?: number } = {}): Promise<void> {
  await until(
    async () => !(await hasDeferredIndexes(pool, null, LIVE_SCHEMA)),
    'deferred indexes were not made in time',
    options,
  );
}

/** Polls `done` until it holds; rejects with `late` after `timeoutMs`. */
async function until(
  done: () => Promise<boolean>,
  late: string,
  { timeoutMs = 10_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(late);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
