import { platformRoutes, readRoutes } from '@factory/api';
import { GracefulShutdown } from '@factory/config';
import { createPool, migrate } from '@factory/database';
import { createApiService, createLogger, idempotencyPurgeJob, idempotencyPurgeSchedule } from '@factory/http';
import { queuePrefixFor, startJobRunner } from '@factory/jobs';
import {
  contentionMetrics,
  eventLogCheck,
  httpMetrics,
  jobMetrics,
  postgresCheck,
  startObservability,
} from '@factory/observability';
import { createWriteStore } from '@factory/write-model';
import { writeApiRoutes } from '@factory/write-service';
import { loadEnv } from './env.js';

// The write API on its own (production: scaled apart from reads, routed by method and path).
const say = (line: string) => console.error(`[write-api] ${line}`);

async function main(shutdown: GracefulShutdown): Promise<void> {
  const env = loadEnv(process.env);
  const pool = createPool(env.DATABASE_URL, {
    name: 'factory-write-api',
    max: env.DATABASE_POOL_SIZE,
    indexPlans: true,
  });
  shutdown.add('closeConnections', 'pool', () => pool.end());
  // Every instance may start first; the migration runner serialises them with an advisory lock.
  const applied = await migrate(pool);
  if (applied.length > 0) say(`migrations applied: ${applied.join(', ')}`);

  // The write models' store, on the log EVENT_STORE names, its rows as EVENT_STORE_ROWS says.
  const store = createWriteStore({ pool, log: env.eventLog, rows: env.EVENT_STORE_ROWS });
  shutdown.add('closeConnections', 'event store', () => store.close());
  const observability = await startObservability({
    app: 'write-api',
    host: env.HOST,
    metricsPort: env.METRICS_PORT,
    checks: { banco: postgresCheck(pool), log_de_eventos: eventLogCheck(store) },
    redisUrl: env.REDIS_URL,
  });
  shutdown.add('closeConnections', 'metrics and probes', () => observability.close());
  const api = await createApiService({
    pool,
    platformRoutes,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    limits: { perToken: env.RATE_LIMIT_PER_TOKEN, perCompany: env.RATE_LIMIT_PER_COMPANY },
    cursorSecret: env.CURSOR_SECRET,
    routes: writeApiRoutes({
      pool,
      store,
      contention: {
        deadlineMs: env.WRITE_CONTENTION_DEADLINE_SECONDS * 1000,
        observer: contentionMetrics(observability.registry),
      },
    }),
    // Behind the router every path not served by the read API lands here: this process answers
    // 404, 405 and /v1/openapi.json for the whole service.
    servedElsewhere: [...readRoutes],
    logLevel: env.LOG_LEVEL,
    health: observability.health,
    metrics: httpMetrics(observability.registry),
    trustedProxies: env.TRUSTED_PROXIES,
  });
  api.addShutdownSteps(shutdown);
  const jobsLog = createLogger(env.LOG_LEVEL).child({ componente: 'jobs' });
  const jobs = await startJobRunner({
    redisUrl: env.REDIS_URL,
    // Queues per database: a job names rows of its own database.
    prefix: queuePrefixFor(env.DATABASE_URL),
    kinds: [jobMetrics(observability.registry).counted(idempotencyPurgeJob({ pool, log: jobsLog }))],
    schedules: [idempotencyPurgeSchedule()],
    log: jobsLog,
  });
  shutdown.add('finishWork', 'jobs', () => jobs.close());
  if (observability.metricsPort !== undefined)
    say(`metrics, /healthz and /readyz on port ${observability.metricsPort}`);
  const address = await api.app.listen({ port: env.PORT, host: env.HOST });
  say(
    `listening on port ${new URL(address).port}; Redis ${env.REDIS_URL ? 'on' : 'off (in-process limits and jobs)'}`,
  );
}

// Listening before anything starts: a signal or a failure during start-up still stops what
// exists by then (the embedded database above all).
const shutdown = new GracefulShutdown({ log: say }).listen();
main(shutdown).catch((error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown.stop('start-up failure', true);
});
