import { GracefulShutdown } from '@factory/config';
import { createPool, migrate } from '@factory/database';
import { openEventStore } from '@factory/event-store';
import { eventLogCheck, postgresCheck, projectorLagCheck, startObservability } from '@factory/observability';
import { startProjectorWorker } from '@factory/projector-worker';
import { PROJECTIONS, readProjectionStatus } from '@factory/read-models';
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
  const eventStore = openEventStore(env.eventLog, { pool });
  const readLag = () => readProjectionStatus(pool, eventStore, PROJECTIONS);
  const observability = await startObservability({
    app: 'projector',
    metricsPort: env.metricsPort,
    checks: {
      banco: postgresCheck(pool),
      log_de_eventos: eventLogCheck(eventStore),
      projetor: projectorLagCheck(readLag, env.maxLagSeconds),
    },
    redisUrl: env.redisUrl,
  });
  shutdown.add('closeConnections', 'metrics and probes', () => observability.close());
  await startProjectorWorker({
    pool,
    databaseUrl: env.databaseUrl,
    eventStore,
    eventLog: env.eventLog,
    redisUrl: env.redisUrl,
    registry: observability.registry,
    log: { projector: log, jobs: log },
    batchSize: env.batchSize,
    pollIntervalMs: env.pollIntervalMs,
    shutdown,
  });
  log.info({ projecoes: PROJECTIONS.map((p) => p.name) }, 'projector started');
  if (observability.metricsPort !== undefined)
    console.error(`[projector] metrics, /healthz and /readyz on port ${observability.metricsPort}`);
}

main().catch((error: unknown) => {
  console.error(`[projector] start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
