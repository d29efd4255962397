import type { Pool } from '@factory/database';
import {
  compareCheckpoints,
  type EventStore,
  type LogCheckpoint,
  type Subscription,
  WakeSignal,
} from '@factory/event-store';
import { applyBatch, CheckpointMovedError } from './apply-batch.js';
import { BatchPipeline } from './batch-pipeline.js';
import { buildWithoutIndexesUntil } from './build-from-start.js';
import { ensureCheckpoint, recordBuildError } from './checkpoints.js';
import { createDeferredIndexes } from './deferred-indexes.js';
import type { HeadTracker } from './head-tracker.js';
import type { Projection, ProjectionTarget } from './projection.js';
import type { ProjectorLog } from './projector-log.js';

export interface BatchApplied {
  checkpointName: string;
  events: number;
  checkpoint: LogCheckpoint;
}

export interface ProjectionRunOptions {
  pool: Pool;
  eventStore: EventStore;
  projection: Projection;
  target: ProjectionTarget;
  heads: HeadTracker;
  batchSize: number;
  pollIntervalMs: number;
  /** Events behind from which a build from the log's start defers its indexes (build-from-start.ts). */
  deferIndexesFromEvents: number;
  /** Resolves once the worker's other builds are ready to subscribe too (start-together.ts). */
  startTogether?: () => Promise<void>;
  log: ProjectorLog;
  onBatch?: (batch: BatchApplied) => void;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps one build of a projection following the log: subscribe after the stored checkpoint,
 * apply each batch with its checkpoint (apply-batch.ts), and after any failure start again
 * from what is stored, so a failed or foreign-moved batch is neither lost nor doubled.
 */
export function runProjection(options: ProjectionRunOptions): { stop(): Promise<void> } {
  const { pool, eventStore, projection, target, heads, log } = options;
  const fields = { projecao: target.checkpointName };
  const pause = new WakeSignal();
  let stopped = false;
  let subscription: Subscription | null = null;

  let arrive = options.startTogether;

  async function follow(): Promise<void> {
    let stored: LogCheckpoint;
    let buildEnd: LogCheckpoint | null;
    try {
      stored = (await ensureCheckpoint(pool, target.checkpointName)).checkpoint;
      // Far behind from the log's start, the build writes without its secondary indexes up to
      // the head read now, then stops, makes them, and follows on with them (build-from-start.ts).
      buildEnd = await buildWithoutIndexesUntil(
        pool,
        eventStore,
        projection,
        target,
        stored,
        options.deferIndexesFromEvents,
      );
    } finally {
      // The first time only, failed or not, so that the others never wait for this one in vain.
      const together = arrive;
      arrive = undefined;
      await together?.();
    }
    let builtToEnd = buildEnd !== null && compareCheckpoints(stored, buildEnd) >= 0;
    if (buildEnd && !builtToEnd)
      log.info(
        { ...fields, posicao: stored.position, cabeca: buildEnd.position },
        'building without their secondary indexes until the head',
      );
    const pipeline = new BatchPipeline(
      stored,
      async (after, events, previous) => {
        const last = events.at(-1)!.checkpoint;
        const watermark = heads.settledBy(last);
        const next = await applyBatch(pool, projection, target, { after, events, watermark }, previous);
        options.onBatch?.({ checkpointName: target.checkpointName, events: events.length, checkpoint: next });
        if (buildEnd && !builtToEnd && compareCheckpoints(next, buildEnd) >= 0) {
          builtToEnd = true;
          void subscription?.close();
        }
        return next;
      },
      () => void subscription?.close(),
      // Staged writes overlap the commit of the batch before: two batches in flight.
      projection.stage ? 2 : 1,
    );
    if (builtToEnd) return makeDeferredIndexes();
    subscription = await eventStore.subscribe({
      after: stored,
      batchSize: options.batchSize,
      pollIntervalMs: options.pollIntervalMs,
      onError: (error) => log.warn({ ...fields, err: error }, 'reading the log failed; retrying'),
      handle: (events) => pipeline.push(events),
    });
    if (stopped) await subscription.close();
    try {
      await subscription.done;
    } finally {
      // The last batch taken may still be in flight: its outcome decides how `follow` ends.
      await pipeline.drain();
    }
    if (builtToEnd && !stopped) await makeDeferredIndexes();
  }

  /** With this build's writes stopped (an index build waits for their transactions); the loop then follows on. */
  async function makeDeferredIndexes(): Promise<void> {
    const started = Date.now();
    await createDeferredIndexes(pool, projection, target.schema);
    log.info({ ...fields, segundos: (Date.now() - started) / 1000 }, 'secondary indexes made at the head');
  }

  const loop = (async () => {
    for (let failures = 0; !stopped; ) {
      try {
        await follow();
        failures = 0;
      } catch (error) {
        if (stopped) break;
        if (error instanceof CheckpointMovedError) {
          log.info(fields, error.message);
          await pause.wait(50);
          continue;
        }
        failures++;
        log.error({ ...fields, err: error }, 'projection failed; resuming from the stored checkpoint');
        await recordBuildError(pool, target.checkpointName, error).catch(() => undefined);
        await pause.wait(Math.min(MAX_BACKOFF_MS, 100 * 2 ** failures));
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      pause.wake();
      await subscription?.close();
      await loop;
    },
  };
}
