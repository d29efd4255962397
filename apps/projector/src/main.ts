import { GracefulShutdown } from '@factory/config';
import { createPool, migrate } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import { queuePrefixFor, startJobRunner } from '@factory/jobs';
import {
  eventLogCheck,
  jobMetrics,
  postgresCheck,
  projectorLagCheck,
  projectorMetrics,
  startObservability,
} from '@factory/observability';
import {
  followOpenRebuilds,
  PROJECTIONS,
  readProjectionStatus,
  rebuildJob,
  startProjector,
} from '@factory/read-models';
import { pino } from 'pino';
import { loadEnv } from './env.js';

// The projector as a process of its own: every registered projection, following the log.
async function main(): Promise<void> {
  const env = loadEnv(process.env);
  const log = pino({ level: env.logLevel });
  const shutdown = new GracefulShutdown({ log: (line) => log.info(line) }).listen();
  // Per projection one or two batch transactions (the stock's ledger overlaps the commit of the
  // batch before), plus the log reader and the watermark heartbeat.
  const pool = createPool(env.databaseUrl, { name: 'factory-projector', max: 6 });
  shutdown.add('closeConnections', 'pool', () => pool.end());
  // Idempotent and serialised by an advisory lock: whichever process starts first migrates.
  await migrate(pool);
  const readLag = () => readProjectionStatus(pool, PROJECTIONS);
  const observability = await startObservability({
    app: 'projector',
    metricsPort: env.metricsPort,
    checks: {
      banco: postgresCheck(pool),
      log_de_eventos: eventLogCheck(pool),
      projetor: projectorLagCheck(readLag, env.maxLagSeconds),
    },
    redisUrl: env.redisUrl,
  });
  shutdown.add('closeConnections', 'metrics and probes', () => observability.close());
  const metrics = projectorMetrics(observability.registry, readLag);
  const eventStore = createPostgresEventStore({ pool });
  const projector = startProjector({
    pool,
    eventStore,
    projections: PROJECTIONS,
    batchSize: env.batchSize,
    pollIntervalMs: env.pollIntervalMs,
    log,
    onBatch: (batch) => metrics.applied(batch.checkpointName, batch.events),
  });
  shutdown
    .add('finishWork', 'projector', () => projector.close())
    .add('closeConnections', 'event store', () => eventStore.close());
  // Rebuilds (`projecoes reconstruir`) are jobs this worker takes: from BullMQ with Redis, else
  // in this process; every open one is handed to the runner, so a killed rebuild resumes here.
  const jobs = await startJobRunner({
    redisUrl: env.redisUrl,
    // Queues per database: a job names rows of its own database.
    prefix: queuePrefixFor(env.databaseUrl),
    kinds: [
      jobMetrics(observability.registry).counted(
        rebuildJob({ databaseUrl: env.databaseUrl, projections: PROJECTIONS, log, batchSize: env.batchSize }),
      ),
    ],
    log,
  });
  const rebuilds = followOpenRebuilds({ pool, jobs, log });
  shutdown.add('finishWork', 'rebuild jobs', async () => {
    await rebuilds.close();
    await jobs.close();
  });
  log.info({ projecoes: PROJECTIONS.map((p) => p.name), trabalhos: jobs.mode }, 'projector started');
  if (observability.metricsPort !== undefined)
    console.error(`[projector] metrics, /healthz and /readyz on port ${observability.metricsPort}`);
}

main().catch((error: unknown) => {
  console.error(`[projector] start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
