import { isPortOpen, resolveDatabase } from '@factory/database';
import type { ServerEnv } from './env.js';

export interface ResolvedServices {
  databaseUrl: string;
  databaseSource: string;
  redisUrl: string | undefined;
  redisSource: string;
  stop(): Promise<void>;
}

/**
 * PostgreSQL from DATABASE_URL, else the embedded server with its data in DATA_DIR; Redis from
 * REDIS_URL, else a redis-server on this machine's default port, else none (in-process limits).
 */
export async function resolveServices(
  env: ServerEnv,
  log: (line: string) => void,
): Promise<ResolvedServices> {
  const database = await resolveDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_POSTGRES_PORT,
    log,
  });
  let redisUrl = env.REDIS_URL;
  let redisSource = 'REDIS_URL';
  if (!redisUrl) {
    const local = await isPortOpen('127.0.0.1', 6379);
    redisUrl = local ? 'redis://127.0.0.1:6379' : undefined;
    redisSource = local ? 'local redis-server 127.0.0.1:6379' : 'none: in-process rate limits and jobs';
  }
  return {
    databaseUrl: database.url,
    databaseSource: database.source,
    redisUrl,
    redisSource,
    stop: database.stop,
  };
}
