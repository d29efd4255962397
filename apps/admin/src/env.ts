import { envPieces, hostPiece, parseEnv } from '@factory/config';

/** The settings page on its own (processes apart, compose): the only place it reads the environment. */
export function loadEnv(source: Record<string, string | undefined>) {
  const env = parseEnv(
    {
      PORT: envPieces.PORT,
      // Behind the router or nginx; a deployment opens it with HOST.
      HOST: hostPiece('127.0.0.1'),
      DATABASE_URL: envPieces.DATABASE_URL,
      LOG_LEVEL: envPieces.LOG_LEVEL,
      TRUSTED_PROXIES: envPieces.TRUSTED_PROXIES,
    },
    source,
  );
  if (!env.DATABASE_URL) throw new Error('invalid environment: DATABASE_URL is required');
  return { ...env, DATABASE_URL: env.DATABASE_URL };
}
