import type { Pool } from '@factory/database';
import { type EventStore, WakeSignal } from '@factory/event-store';
import { DEFER_INDEXES_FROM_EVENTS } from './build-from-start.js';
import { advanceWatermark, recordHeartbeat } from './checkpoints.js';
import { HeadTracker } from './head-tracker.js';
import { liveTarget, type Projection, type ProjectionTarget } from './projection.js';
import { type ProjectorLog, silentLog } from './projector-log.js';
import { type BatchApplied, runProjection } from './run-projection.js';
import { startTogether } from './start-together.js';

/** A projection and where this worker builds it (live by default). */
export interface HostedProjection {
  projection: Projection;
  target?: ProjectionTarget;
}

export interface ProjectorOptions {
  /** Holds the read models and the checkpoints. */
  pool: Pool;
  eventStore: EventStore;
  projections: ReadonlyArray<Projection | HostedProjection>;
  /** Events per batch and transaction (2000 by default: larger batches catch up faster, a small
   *  one is read whenever that is all the log holds, so latency does not depend on it). */
  batchSize?: number;
  /** Longest wait between log reads without a wake-up (1000 ms by default). */
  pollIntervalMs?: number;
  /** Events behind from which a build from the log's start defers its secondary indexes until the
   *  head (DEFER_INDEXES_FROM_EVENTS by default; build-from-start.ts). */
  deferIndexesFromEvents?: number;
  /** How often the head of the log is read to move the watermarks (250 ms by default). */
  watermarkIntervalMs?: number;
  log?: ProjectorLog;
  onBatch?: (batch: BatchApplied) => void;
  /** The gate every build passes once, right before it first subscribes, so that builds reading
   *  one log tail start reading together (start-together.ts); by default this worker's builds
   *  wait for each other. */
  startTogether?: () => Promise<void>;
}

/** How often a worker records that it follows its builds (`projecoes status`: `parada` without). */
export const SIGN_OF_LIFE_MS = 5000;

export interface Projector {
  /** Stops after the batches being applied; what they did is committed or rolled back whole. */
  close(): Promise<void>;
}

/**
 * The generic projector worker: hosts registered projections, each following the log from its
 * own checkpoint (run-projection.ts), and one heartbeat reading the head of the log for the
 * watermarks of invariant 7: applied by the next batch that reaches that head, or directly
 * when a build is idle at it.
 */
export function startProjector(options: ProjectorOptions): Projector {
  const log = options.log ?? silentLog;
  const hosted = options.projections.map((p) => ('projection' in p ? p : { projection: p }));
  const builds = hosted.map(({ projection, target }) => ({
    projection,
    target: target ?? liveTarget(projection),
    heads: new HeadTracker(),
  }));
  const together = options.startTogether ?? startTogether(builds.length);
  const runs = builds.map((build) =>
    runProjection({
      startTogether: together,
      ...build,
      pool: options.pool,
      eventStore: options.eventStore,
      batchSize: options.batchSize ?? 2000,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      deferIndexesFromEvents: options.deferIndexesFromEvents ?? DEFER_INDEXES_FROM_EVENTS,
      log,
      onBatch: options.onBatch,
    }),
  );

  const pause = new WakeSignal();
  let stopped = false;
  let lastSign = 0;
  const heartbeat = (async () => {
    while (!stopped) {
      try {
        const head = await options.eventStore.readHead();
        for (const build of builds) {
          build.heads.push(head);
          await advanceWatermark(options.pool, build.target.checkpointName, head);
        }
        if (Date.now() - lastSign >= SIGN_OF_LIFE_MS) {
          await recordHeartbeat(
            options.pool,
            builds.map((b) => b.target.checkpointName),
          );
          lastSign = Date.now();
        }
      } catch (error) {
        log.warn({ err: error }, 'reading the head of the log failed; watermarks wait');
      }
      await pause.wait(options.watermarkIntervalMs ?? 250);
    }
  })();

  return {
    async close() {
      stopped = true;
      pause.wake();
      await Promise.all([heartbeat, ...runs.map((run) => run.stop())]);
    },
  };
}
