import type { GracefulShutdown } from '@factory/config';
import type { Pool } from '@factory/database';
import type { EventLog, EventStore } from '@factory/event-store';
import { type JobKind, type JobLog, type JobSchedule, queuePrefixFor, startJobRunner } from '@factory/jobs';
import { jobMetrics, projectorMetrics } from '@factory/observability';
import {
  followOpenRebuilds,
  PROJECTIONS,
  type ProjectorLog,
  readProjectionStatus,
  rebuildJob,
  startProjector,
} from '@factory/read-models';

export interface ProjectorWorkerOptions {
  pool: Pool;
  databaseUrl: string;
  eventStore: EventStore;
  /** The log `eventStore` reads: rebuilds open stores of their own on it. */
  eventLog: EventLog;
  redisUrl: string | null | undefined;
  /** The process's metrics registry: projector lag and batches, job runs. */
  registry: Parameters<typeof projectorMetrics>[0];
  log: { projector: ProjectorLog; jobs: ProjectorLog & JobLog };
  batchSize?: number;
  pollIntervalMs?: number;
  /** Jobs of the process's own besides rebuilds (the single-machine server's idempotency purge). */
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own data type
  otherJobs?: readonly JobKind<any>[];
  schedules?: readonly JobSchedule[];
  shutdown: GracefulShutdown;
}

/**
 * The projector worker, as apps/projector runs it alone and the single-machine server runs it
 * beside the APIs: every projection following the log, and the job runner that takes rebuilds
 * (`projecoes reconstruir`: BullMQ with Redis, else in this process; every open rebuild is handed
 * to it, so a killed rebuild resumes here). Its stops are added to `shutdown` in the contract's
 * order: finish the work, then close connections.
 */
export async function startProjectorWorker(options: ProjectorWorkerOptions): Promise<void> {
  const { pool, eventStore, shutdown } = options;
  const readLag = () => readProjectionStatus(pool, eventStore, PROJECTIONS);
  const projectorCounts = projectorMetrics(options.registry, readLag);
  const projector = startProjector({
    pool,
    eventStore,
    projections: PROJECTIONS,
    batchSize: options.batchSize,
    pollIntervalMs: options.pollIntervalMs,
    log: options.log.projector,
    onBatch: (batch) => projectorCounts.applied(batch.checkpointName, batch.events),
  });
  shutdown
    .add('finishWork', 'projector', () => projector.close())
    .add('closeConnections', 'event store', () => eventStore.close());
  const counted = jobMetrics(options.registry);
  const rebuilds = rebuildJob({
    databaseUrl: options.databaseUrl,
    eventLog: options.eventLog,
    projections: PROJECTIONS,
    log: options.log.jobs,
    batchSize: options.batchSize,
  });
  const jobs = await startJobRunner({
    redisUrl: options.redisUrl,
    // Queues per database: a job names rows of its own database.
    prefix: queuePrefixFor(options.databaseUrl),
    kinds: [...(options.otherJobs ?? []), rebuilds].map((kind) => counted.counted(kind)),
    schedules: options.schedules,
    log: options.log.jobs,
  });
  // A request wakes the follower at once (LISTEN); without it a rebuild waited up to its next look.
  const following = await followOpenRebuilds({
    pool,
    jobs,
    log: options.log.jobs,
    listen: { connectionString: options.databaseUrl },
  });
  shutdown.add('finishWork', 'jobs', async () => {
    await following.close();
    await jobs.close();
  });
}
