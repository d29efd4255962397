import { GracefulShutdown } from '@factory/config';
import { createPool, migrate } from '@factory/database';
import { createWriteStore } from '@factory/write-model';
import { type AppName, type AppProcess, startApp } from './apart/app-process.js';
import { baseUrl } from './base-url.js';
import { resolveCursorSecret } from './cursor-secret.js';
import { announceDemo } from './demo.js';
import { loadEnv } from './env.js';
import { resolveServices } from './resolve-services.js';

// `npm run start:apart`: the same service as `npm start`, same environment and embedded default,
// run as separate processes on this machine: the write API, the read API, the projector and a
// router on PORT in front of both APIs.
const say = (line: string) => console.error(`[factory] ${line}`);

async function main(shutdown: GracefulShutdown): Promise<void> {
  const env = loadEnv(process.env);
  const services = await resolveServices(env, say);
  shutdown.add('stopDatabase', 'embedded PostgreSQL', services.stop);
  say(`PostgreSQL: ${services.databaseSource}; Redis: ${services.redisSource}`);
  // Migrated and seeded once here, before any app starts (each app's own migrate is then a no-op).
  const pool = createPool(services.databaseUrl, { name: 'factory-apart', max: 2 });
  shutdown.add('closeConnections', 'pool', () => pool.end());
  const applied = await migrate(pool);
  if (applied.length > 0) say(`migrations applied: ${applied.join(', ')}`);

  const common = {
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl ?? '',
    CURSOR_SECRET: await resolveCursorSecret(env.CURSOR_SECRET, env.DATA_DIR),
    LOG_LEVEL: env.LOG_LEVEL,
    NODE_ENV: env.NODE_ENV,
    STABILIZATION_WINDOW_SECONDS: String(env.STABILIZATION_WINDOW_SECONDS),
    RATE_LIMIT_PER_TOKEN: String(env.RATE_LIMIT_PER_TOKEN),
    RATE_LIMIT_PER_COMPANY: String(env.RATE_LIMIT_PER_COMPANY),
    EVENT_STORE: env.EVENT_STORE,
    EVENTSTORE_URL: env.EVENTSTORE_URL ?? '',
  };
  // METRICS_PORT=N gives the router N and the write API, the read API and the projector the next
  // three; 0 gives each a free port; unset, none has one.
  const metricsPort = (offset: number) =>
    env.METRICS_PORT === undefined ? '' : String(env.METRICS_PORT && env.METRICS_PORT + offset);

  // Each app stops itself in the contract's order on SIGTERM; here the router stops taking
  // requests first, then the APIs finish theirs and the projector its batch, and only then the
  // database stops.
  const phaseOf: Record<AppName, 'stopAccepting' | 'finishWork'> = {
    router: 'stopAccepting',
    'write-api': 'finishWork',
    'read-api': 'finishWork',
    projector: 'finishWork',
    admin: 'finishWork',
  };
  const start = (name: AppName, appEnv: Record<string, string>): AppProcess => {
    const app = startApp(name, appEnv);
    shutdown.add(phaseOf[name], name, () => app.stop());
    // A child that dies takes the others down: a half-running service must not look healthy.
    void app.exited.then(({ code, signal }) => {
      if (!app.stopping) void shutdown.stop(`${name} exited (${signal ?? code})`, true);
    });
    return app;
  };

  // Reached through the router only: on loopback, whatever HOST says; the router, on loopback
  // too, is the proxy they believe about the client's address (and so are TRUSTED_PROXIES, the
  // proxies the router believes, whose addresses it passes on).
  const behindRouter = {
    PORT: '0',
    HOST: '127.0.0.1',
    TRUSTED_PROXIES: ['loopback', ...env.TRUSTED_PROXIES].join(','),
  };
  const writeApi = start('write-api', { ...common, ...behindRouter, METRICS_PORT: metricsPort(1) });
  const readApi = start('read-api', { ...common, ...behindRouter, METRICS_PORT: metricsPort(2) });
  start('projector', {
    ...common,
    METRICS_PORT: metricsPort(3),
    PROJECTOR_MAX_LAG_SECONDS: String(env.PROJECTOR_MAX_LAG_SECONDS),
  });
  // The settings page, reached through the router at /admin/ (its migrations are done above).
  const admin = start('admin', {
    ...behindRouter,
    DATABASE_URL: services.databaseUrl,
    LOG_LEVEL: env.LOG_LEVEL,
    NODE_ENV: env.NODE_ENV,
  });
  const [writePort, readPort, adminPort] = await Promise.all([writeApi.port, readApi.port, admin.port]);
  const router = start('router', {
    PORT: String(env.PORT),
    HOST: env.HOST,
    LOG_LEVEL: env.LOG_LEVEL,
    METRICS_PORT: metricsPort(0),
    TRUSTED_PROXIES: env.TRUSTED_PROXIES.join(','),
    READ_API_URL: `http://127.0.0.1:${readPort}`,
    WRITE_API_URL: `http://127.0.0.1:${writePort}`,
    ADMIN_URL: `http://127.0.0.1:${adminPort}`,
  });
  const port = String(await router.port);
  say(`serving every /v1 route on ${baseUrl(env.HOST, port)}`);
  say(`administrators' settings page on ${baseUrl(env.HOST, port)}/admin/`);
  if (env.SEED_DEMO) {
    // The demo's history is written here, before the apps serve it, on the log they run on.
    const store = createWriteStore({ pool, log: env.eventLog });
    shutdown.add('closeConnections', 'demo event store', () => store.close());
    await announceDemo(pool, {
      embedded: !env.DATABASE_URL,
      history: env.SEED_DEMO_HISTORY,
      dataDir: env.DATA_DIR,
      baseUrl: baseUrl(env.HOST, port),
      say,
      store,
    });
  }
}

// Listening before anything starts: a signal or a failure during start-up still stops what
// exists by then (the children and the embedded database).
const shutdown = new GracefulShutdown({ log: say }).listen();
main(shutdown).catch((error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown.stop('start-up failure', true);
});
