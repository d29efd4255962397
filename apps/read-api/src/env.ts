import { apiEnvPieces, eventLogEnvPieces, eventLogOf, hostPiece, parseEnv } from '@factory/config';

/** The standalone read API's configuration: the only place it reads the environment. */
export function loadEnv(env: Record<string, string | undefined>) {
  // Behind a load balancer in the many-machine mode: every interface unless HOST says otherwise.
  const parsed = parseEnv({ ...apiEnvPieces, ...eventLogEnvPieces, HOST: hostPiece('0.0.0.0') }, env);
  // A standalone instance is the many-machine mode: no embedded defaults there.
  if (!parsed.DATABASE_URL) throw new Error('invalid environment: DATABASE_URL is required');
  if (!parsed.CURSOR_SECRET) throw new Error('invalid environment: CURSOR_SECRET is required');
  return {
    ...parsed,
    DATABASE_URL: parsed.DATABASE_URL,
    CURSOR_SECRET: parsed.CURSOR_SECRET,
    // Read for /readyz only: the lists come from the read models.
    eventLog: eventLogOf(parsed),
  };
}
