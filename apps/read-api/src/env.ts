import { envPieces, parseEnv } from '@factory/config';

const p = envPieces;

/** The standalone read API's configuration: the only place it reads the environment. */
export function loadEnv(env: Record<string, string | undefined>) {
  const parsed = parseEnv(
    {
      PORT: p.PORT,
      DATABASE_URL: p.DATABASE_URL,
      REDIS_URL: p.REDIS_URL,
      STABILIZATION_WINDOW_SECONDS: p.STABILIZATION_WINDOW_SECONDS,
      CURSOR_SECRET: p.CURSOR_SECRET,
      LOG_LEVEL: p.LOG_LEVEL,
      RATE_LIMIT_PER_TOKEN: p.RATE_LIMIT_PER_TOKEN,
      RATE_LIMIT_PER_COMPANY: p.RATE_LIMIT_PER_COMPANY,
    },
    env,
  );
  // A standalone instance is the many-machine mode: no embedded defaults there.
  if (!parsed.DATABASE_URL) throw new Error('invalid environment: DATABASE_URL is required');
  if (!parsed.CURSOR_SECRET) throw new Error('invalid environment: CURSOR_SECRET is required');
  return { ...parsed, DATABASE_URL: parsed.DATABASE_URL, CURSOR_SECRET: parsed.CURSOR_SECRET };
}
