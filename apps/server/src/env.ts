import { apiEnvPieces, envPieces, eventLogEnvPieces, eventLogOf, parseEnv } from '@factory/config';
import { z } from 'zod';

const p = envPieces;

/** The single-machine server's configuration: the only place it reads the environment. */
export function loadEnv(env: Record<string, string | undefined>) {
  const parsed = parseEnv(
    {
      ...apiEnvPieces,
      ...eventLogEnvPieces,
      // It prints a token with every scope: reachable from this machine only, unless HOST says otherwise.
      HOST: p.HOST,
      NODE_ENV: p.NODE_ENV,
      DATA_DIR: p.DATA_DIR,
      EMBEDDED_POSTGRES_PORT: p.EMBEDDED_POSTGRES_PORT,
      PROJECTOR_MAX_LAG_SECONDS: p.PROJECTOR_MAX_LAG_SECONDS,
      WRITE_CONTENTION_DEADLINE_SECONDS: p.WRITE_CONTENTION_DEADLINE_SECONDS,
      /** `false` skips creating the demo company (and printing its token) at start. */
      SEED_DEMO: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
      /** `false` keeps the demo company without the history written on a fresh data folder. */
      SEED_DEMO_HISTORY: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
    },
    env,
  );
  if (parsed.NODE_ENV === 'production') {
    if (!parsed.DATABASE_URL) throw new Error('invalid environment: DATABASE_URL is required in production');
    if (!parsed.CURSOR_SECRET)
      throw new Error('invalid environment: CURSOR_SECRET is required in production');
  }
  return { ...parsed, eventLog: eventLogOf(parsed) };
}

export type ServerEnv = ReturnType<typeof loadEnv>;
