import { platformRoutes } from '@factory/api';
import { GracefulShutdown } from '@factory/config';
import { createPool } from '@factory/database';
import { openEventStore } from '@factory/event-store';
import { createApiService } from '@factory/http';
import { eventLogCheck, httpMetrics, postgresCheck, startObservability } from '@factory/observability';
import { readApiRoutes } from '@factory/read-service';
import { loadEnv } from './env.js';

// The read API on its own (many-machine mode): GET routes only; migrations are the writer's job.
const say = (line: string) => console.error(`[read-api] ${line}`);
const env = loadEnv(process.env);
const shutdown = new GracefulShutdown({ log: say }).listen();
const pool = createPool(env.DATABASE_URL, { name: 'read-api' });
shutdown.add('closeConnections', 'pool', () => pool.end());
const eventStore = openEventStore(env.eventLog, { pool });
shutdown.add('closeConnections', 'event store', () => eventStore.close());
const observability = await startObservability({
  app: 'read-api',
  host: env.HOST,
  metricsPort: env.METRICS_PORT,
  checks: { banco: postgresCheck(pool), log_de_eventos: eventLogCheck(eventStore) },
  redisUrl: env.REDIS_URL,
});
shutdown.add('closeConnections', 'metrics and probes', () => observability.close());
const api = await createApiService({
  pool,
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL,
  limits: { perToken: env.RATE_LIMIT_PER_TOKEN, perCompany: env.RATE_LIMIT_PER_COMPANY },
  cursorSecret: env.CURSOR_SECRET,
  routes: readApiRoutes({ pool, windowSeconds: env.STABILIZATION_WINDOW_SECONDS }),
  logLevel: env.LOG_LEVEL,
  platformRoutes,
  health: observability.health,
  metrics: httpMetrics(observability.registry),
  trustedProxies: env.TRUSTED_PROXIES,
});
api.addShutdownSteps(shutdown);
if (observability.metricsPort !== undefined)
  say(`metrics, /healthz and /readyz on port ${observability.metricsPort}`);
const address = await api.app.listen({ port: env.PORT, host: env.HOST });
say(`listening on port ${new URL(address).port}`);
