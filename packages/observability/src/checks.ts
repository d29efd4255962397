import { Redis } from 'ioredis';
import type { HealthCheck } from './health.js';

/** A pool that answers `sql` (`SELECT 1` by default; a table of its own proves more). */
export function postgresCheck(pool: { query(sql: string): Promise<unknown> }, sql = 'SELECT 1'): HealthCheck {
  return async () => {
    await pool.query(sql);
  };
}

/** The event log answers a read of its head, through the port: whichever log the service runs on. */
export const eventLogCheck =
  (log: { readHead(): Promise<unknown> }): HealthCheck =>
  async () => {
    await log.readHead();
  };

export interface RedisCheck {
  check: HealthCheck;
  close(): Promise<void>;
}

/**
 * A Redis that answers PING, on a connection of its own: the rate limiter's falls back to
 * in-process windows and would hide an outage. It never queues a command while disconnected.
 */
export function redisCheck(url: string): RedisCheck {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => 1000,
  });
  redis.on('error', () => undefined); // reported by the check, not as an unhandled event
  return {
    async check() {
      if (redis.status === 'wait') await redis.connect();
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Each projection's lag (in seconds) under `maxSeconds`. */
export function projectorLagCheck(
  readLag: () => Promise<Array<{ nome: string; atraso_segundos: number }>>,
  maxSeconds: number,
): HealthCheck {
  return async () => {
    const behind = (await readLag()).filter((row) => row.atraso_segundos > maxSeconds);
    if (behind.length > 0) throw new Error(`behind: ${behind.map((row) => row.nome).join(', ')}`);
  };
}
