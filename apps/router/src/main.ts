import { platformRoutes, readRoutes } from '@factory/api';
import { GracefulShutdown } from '@factory/config';
import { createLogger, RouteCatalog } from '@factory/http';
import { httpMetrics, startObservability } from '@factory/observability';
import { loadEnv } from './env.js';
import { createRouter } from './router.js';
import { upstreamReadiness } from './upstream-readiness.js';

// The router of `npm run start:apart`: one port in front of the read and write APIs.
const say = (line: string) => console.error(`[router] ${line}`);

async function main(shutdown: GracefulShutdown): Promise<void> {
  const env = loadEnv(process.env);
  const observability = await startObservability({
    app: 'router',
    host: env.HOST,
    metricsPort: env.METRICS_PORT,
    checks: {
      read_api: upstreamReadiness(env.READ_API_URL),
      write_api: upstreamReadiness(env.WRITE_API_URL),
    },
  });
  shutdown.add('closeConnections', 'metrics and probes', () => observability.close());
  const router = await createRouter({
    readApiUrl: env.READ_API_URL,
    writeApiUrl: env.WRITE_API_URL,
    adminUrl: env.ADMIN_URL,
    readCatalog: RouteCatalog.of(readRoutes),
    logger: createLogger(env.LOG_LEVEL),
    probes: { health: observability.health, ...platformRoutes },
    metrics: httpMetrics(observability.registry),
    trustedProxies: env.TRUSTED_PROXIES,
  });
  // Closing waits for the requests in flight, whose answers come from the APIs, still running.
  shutdown.add('stopAccepting', 'HTTP server', () => router.close());
  if (observability.metricsPort !== undefined)
    say(`metrics, /healthz and /readyz on port ${observability.metricsPort}`);
  const address = await router.listen({ port: env.PORT, host: env.HOST });
  say(`listening on port ${new URL(address).port}`);
}

const shutdown = new GracefulShutdown({ log: say }).listen();
main(shutdown).catch((error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown.stop('start-up failure', true);
});
