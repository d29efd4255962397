import { randomBytes } from 'node:crypto';
import { envPieces, eventLogEnvPieces, eventLogOf, hostPiece, parseEnv } from '@factory/config';
import { z } from 'zod';

const p = envPieces;

/**
 * Connections of this process's pool. Every write holds one for a few short statements, so a
 * pool smaller than the requests in flight queues them in the process: size it to the
 * concurrency one instance is meant to take, keeping instances x size (plus the projector's
 * and the operators' connections) under the server's max_connections.
 */
const DATABASE_POOL_SIZE = z.coerce.number().int().min(1).max(500).default(20);

/**
 * The standalone write API's configuration: the only place it reads the environment. Unlike
 * the single-machine server (apps/server) it has no embedded database: DATABASE_URL is always
 * required. CURSOR_SECRET is required in production; elsewhere a random one is drawn (writes
 * issue no cursors, but the platform signs with one). DATABASE_POOL_SIZE: see above (20).
 */
export function loadEnv(env: Record<string, string | undefined>) {
  const parsed = parseEnv(
    {
      PORT: p.PORT,
      // Behind a load balancer in the many-machine mode: every interface unless HOST says otherwise.
      HOST: hostPiece('0.0.0.0'),
      DATABASE_URL: p.DATABASE_URL,
      REDIS_URL: p.REDIS_URL,
      CURSOR_SECRET: p.CURSOR_SECRET,
      LOG_LEVEL: p.LOG_LEVEL,
      RATE_LIMIT_PER_TOKEN: p.RATE_LIMIT_PER_TOKEN,
      RATE_LIMIT_PER_COMPANY: p.RATE_LIMIT_PER_COMPANY,
      NODE_ENV: p.NODE_ENV,
      DATABASE_POOL_SIZE,
      METRICS_PORT: p.METRICS_PORT,
      WRITE_CONTENTION_DEADLINE_SECONDS: p.WRITE_CONTENTION_DEADLINE_SECONDS,
      TRUSTED_PROXIES: p.TRUSTED_PROXIES,
      ...eventLogEnvPieces,
      EVENT_STORE_ROWS: z.enum(['in-commit', 'after-commit']).default('in-commit'),
    },
    env,
  );
  if (!parsed.DATABASE_URL) throw new Error('invalid environment: DATABASE_URL is required');
  if (parsed.NODE_ENV === 'production' && !parsed.CURSOR_SECRET)
    throw new Error('invalid environment: CURSOR_SECRET is required in production');
  return {
    ...parsed,
    eventLog: eventLogOf(parsed),
    DATABASE_URL: parsed.DATABASE_URL,
    CURSOR_SECRET: parsed.CURSOR_SECRET ?? randomBytes(32).toString('base64url'),
  };
}

export type WriteApiEnv = ReturnType<typeof loadEnv>;
