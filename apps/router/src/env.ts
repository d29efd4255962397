import { EnvError, envPieces, parseEnv } from '@factory/config';
import { z } from 'zod';

const shape = {
  PORT: envPieces.PORT,
  /** The router of `npm run start:apart` serves this machine only, unless HOST says otherwise. */
  HOST: envPieces.HOST,
  LOG_LEVEL: envPieces.LOG_LEVEL,
  METRICS_PORT: envPieces.METRICS_PORT,
  /** Proxies in front of the router whose X-Forwarded-* it believes; none by default. */
  TRUSTED_PROXIES: envPieces.TRUSTED_PROXIES,
  /** Base URL of the read API (GET routes). */
  READ_API_URL: z.url(),
  /** Base URL of the write API (every other method and path, 404 and 405 included). */
  WRITE_API_URL: z.url(),
  /** Base URL of the administrators' settings page (/admin); unset: those paths go to the write API. */
  ADMIN_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
};

/** The router's configuration: the only place it reads the environment. */
export function loadEnv(source: Record<string, string | undefined>) {
  const env = parseEnv(shape, source);
  for (const name of ['READ_API_URL', 'WRITE_API_URL'] as const)
    if (new URL(env[name]).pathname !== '/')
      throw new EnvError(`invalid environment: ${name}: a base URL without a path`);
  return env;
}

export type RouterEnv = ReturnType<typeof loadEnv>;
