import type { Registry } from 'prom-client';
import { type RedisCheck, redisCheck } from './checks.js';
import { createHealth, type Health, type HealthCheck } from './health.js';
import { type MetricsServer, startMetricsServer } from './metrics-server.js';
import { createRegistry } from './registry.js';

export interface Observability {
  registry: Registry;
  health: Health;
  /** The metrics port actually bound (METRICS_PORT=0 picks a free one); undefined when off. */
  metricsPort: number | undefined;
  close(): Promise<void>;
}

/**
 * A process's registry and health, and its metrics port when METRICS_PORT is set. `redisUrl`
 * adds a `redis` part to readiness (none without Redis: the in-process mode is not a failure).
 */
export async function startObservability(options: {
  app: string;
  metricsPort: number | undefined;
  checks: Record<string, HealthCheck>;
  redisUrl?: string | undefined;
  /** Interface of the metrics port: the app's HOST where it has one, every interface otherwise. */
  host?: string;
}): Promise<Observability> {
  const registry = createRegistry(options.app);
  const redis: RedisCheck | undefined = options.redisUrl ? redisCheck(options.redisUrl) : undefined;
  const health = createHealth({ ...options.checks, ...(redis ? { redis: redis.check } : {}) });
  let server: MetricsServer | undefined;
  try {
    if (options.metricsPort !== undefined)
      server = await startMetricsServer({
        port: options.metricsPort,
        registry,
        health,
        ...(options.host ? { host: options.host } : {}),
      });
  } catch (error) {
    await redis?.close();
    throw error;
  }
  return {
    registry,
    health,
    metricsPort: server?.port,
    async close() {
      await server?.close();
      await redis?.close();
    },
  };
}
