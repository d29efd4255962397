import { createAdminApp, mountAdmin } from '@factory/admin-site';
import { platformRoutes } from '@factory/api';
import { GracefulShutdown } from '@factory/config';
import { createPool, migrate } from '@factory/database';
import { createApiService, createLogger, idempotencyPurgeJob, idempotencyPurgeSchedule } from '@factory/http';
import {
  contentionMetrics,
  eventLogCheck,
  httpMetrics,
  postgresCheck,
  projectorLagCheck,
  startObservability,
} from '@factory/observability';
import { startProjectorWorker } from '@factory/projector-worker';
import { PROJECTIONS, readProjectionStatus } from '@factory/read-models';
import { readApiRoutes } from '@factory/read-service';
import { createWriteStore } from '@factory/write-model';
import { writeApiRoutes } from '@factory/write-service';
import { baseUrl } from './base-url.js';
import { resolveCursorSecret } from './cursor-secret.js';
import { announceDemo } from './demo.js';
import { loadEnv } from './env.js';
import { resolveServices } from './resolve-services.js';

// Single-machine mode: read API, write API and projector in one process behind one port.
const say = (line: string) => console.error(`[factory] ${line}`);

async function main(shutdown: GracefulShutdown): Promise<void> {
  const env = loadEnv(process.env);
  const services = await resolveServices(env, say);
  shutdown.add('stopDatabase', 'embedded PostgreSQL', services.stop);
  say(`PostgreSQL: ${services.databaseSource}; Redis: ${services.redisSource}`);
  const pool = createPool(services.databaseUrl, { name: 'factory-server' });
  shutdown.add('closeConnections', 'pool', () => pool.end());
  const applied = await migrate(pool);
  if (applied.length > 0) say(`migrations applied: ${applied.join(', ')}`);

  // One store for the write models and the projector, on the log EVENT_STORE names.
  const eventStore = createWriteStore({ pool, log: env.eventLog });
  const readLag = () => readProjectionStatus(pool, eventStore, PROJECTIONS);
  const observability = await startObservability({
    app: 'server',
    host: env.HOST,
    metricsPort: env.METRICS_PORT,
    checks: {
      banco: postgresCheck(pool),
      log_de_eventos: eventLogCheck(eventStore),
      projetor: projectorLagCheck(readLag, env.PROJECTOR_MAX_LAG_SECONDS),
    },
    redisUrl: services.redisUrl,
  });
  shutdown.add('closeConnections', 'metrics and probes', () => observability.close());
  const api = await createApiService({
    pool,
    databaseUrl: services.databaseUrl,
    redisUrl: services.redisUrl,
    limits: { perToken: env.RATE_LIMIT_PER_TOKEN, perCompany: env.RATE_LIMIT_PER_COMPANY },
    cursorSecret: await resolveCursorSecret(env.CURSOR_SECRET, env.DATA_DIR),
    routes: [
      ...readApiRoutes({ pool, windowSeconds: env.STABILIZATION_WINDOW_SECONDS }),
      ...writeApiRoutes({
        pool,
        store: eventStore,
        contention: {
          deadlineMs: env.WRITE_CONTENTION_DEADLINE_SECONDS * 1000,
          observer: contentionMetrics(observability.registry),
        },
      }),
    ],
    logLevel: env.LOG_LEVEL,
    platformRoutes,
    health: observability.health,
    metrics: httpMetrics(observability.registry),
    trustedProxies: env.TRUSTED_PROXIES,
  });
  api.addShutdownSteps(shutdown);
  // The administrators' settings page on the same port, at /admin/ (its own Fastify instance).
  const admin = await createAdminApp({
    pool,
    logger: createLogger(env.LOG_LEVEL).child({ componente: 'admin' }),
    trustedProxies: env.TRUSTED_PROXIES,
  });
  await mountAdmin(api.app.server, admin);
  shutdown.add('closeConnections', 'settings page', () => admin.close());
  // The projector and the job runner in-process: the same worker apps/projector runs alone,
  // plus this process's own idempotency-key purge.
  const jobsLog = createLogger(env.LOG_LEVEL).child({ componente: 'jobs' });
  await startProjectorWorker({
    pool,
    databaseUrl: services.databaseUrl,
    eventStore,
    eventLog: env.eventLog,
    redisUrl: services.redisUrl,
    registry: observability.registry,
    log: {
      projector: createLogger(env.LOG_LEVEL).child({ componente: 'projector' }),
      jobs: jobsLog,
    },
    otherJobs: [idempotencyPurgeJob({ pool, log: jobsLog })],
    schedules: [idempotencyPurgeSchedule()],
    shutdown,
  });
  if (observability.metricsPort !== undefined)
    say(`metrics, /healthz and /readyz on port ${observability.metricsPort}`);
  const address = await api.app.listen({ port: env.PORT, host: env.HOST });
  const port = new URL(address).port;
  say(`serving every /v1 route on ${baseUrl(env.HOST, port)}`);
  say(`administrators' settings page on ${baseUrl(env.HOST, port)}/admin/`);

  if (env.SEED_DEMO)
    await announceDemo(pool, {
      embedded: !env.DATABASE_URL,
      history: env.SEED_DEMO_HISTORY,
      dataDir: env.DATA_DIR,
      baseUrl: baseUrl(env.HOST, port),
      say,
      store: eventStore,
    });
}

// Listening before anything starts: a signal or a failure during start-up still stops what
// exists by then (the embedded database above all).
const shutdown = new GracefulShutdown({ log: say }).listen();
main(shutdown).catch((error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown.stop('start-up failure', true);
});
