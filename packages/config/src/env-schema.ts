import { z } from 'zod';
import { trustedProxiesPiece } from './trusted-proxies.js';

// Pieces shared by the apps' env.ts files; each app composes the ones it needs.
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** An interface to listen on (`0.0.0.0` or `::` for every one), `fallback` when unset. */
export const hostPiece = (fallback: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9.:-]{1,253}$/)
    .default(fallback);

const integer = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * How old a row must be before a list shows it, unless STABILIZATION_WINDOW_SECONDS says
 * otherwise: the specification's 30 seconds. Apps started without the env (tests) use it too.
 */
export const DEFAULT_STABILIZATION_WINDOW_SECONDS = 30;

export const envPieces = {
  /** TCP port serving every /v1 route. */
  PORT: integer(0, 65_535, 8080),
  /** Interface to listen on; loopback unless a deployment opens it (the standalone APIs do). */
  HOST: hostPiece('127.0.0.1'),
  /** PostgreSQL for the event store and read models; unset: the embedded single-machine server. */
  DATABASE_URL: optionalUrl,
  /** Redis for rate limits and jobs; unset: a local redis-server if any, else in-process. */
  REDIS_URL: optionalUrl,
  /** Lists show only rows older than this; tests may shorten it, production keeps the default. */
  STABILIZATION_WINDOW_SECONDS: integer(0, 3_600, DEFAULT_STABILIZATION_WINDOW_SECONDS),
  /** Signs pagination cursors; at least 32 characters. Required in production. */
  CURSOR_SECRET: z.string().min(32).optional(),
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Calls per minute per token; overriding is for benchmarks only. */
  RATE_LIMIT_PER_TOKEN: integer(1, 10_000_000, 120),
  /** Calls per minute per company; overriding is for benchmarks only. */
  RATE_LIMIT_PER_COMPANY: integer(1, 10_000_000, 300),
  /** `production` requires CURSOR_SECRET and DATABASE_URL. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Port of /metrics (Prometheus), /healthz and /readyz apart from the API; unset: none; 0: a free one. */
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65_535).optional(),
  ),
  /**
   * A write losing races to concurrent writers keeps deciding again this long after its first
   * attempt, then is answered 503 banco_indisponivel (retry later with the same key).
   */
  WRITE_CONTENTION_DEADLINE_SECONDS: integer(1, 3_600, 10),
  /** /readyz of a process hosting the projector fails while a projection lags more than this. */
  PROJECTOR_MAX_LAG_SECONDS: integer(1, 86_400, 60),
  /** Folder of the single-machine mode's data (embedded PostgreSQL, cursor secret). */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Port of the embedded PostgreSQL when DATABASE_URL is unset. */
  EMBEDDED_POSTGRES_PORT: integer(1, 65_535, 54_329),
  /** Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (see trusted-proxies.ts). */
  TRUSTED_PROXIES: trustedProxiesPiece,
} as const;

export class EnvError extends Error {}

/** Parses `env` against `schema`; a bad value throws an EnvError naming each variable at fault. */
export function parseEnv<T extends z.ZodRawShape>(
  shape: T,
  env: Record<string, string | undefined>,
): z.infer<z.ZodObject<T>> {
  const result = z.object(shape).safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`invalid environment: ${lines.join('; ')}`);
}

/** What every process serving the API reads (the read API, the write API, the single-machine server). */
export const apiEnvPieces = {
  PORT: envPieces.PORT,
  DATABASE_URL: envPieces.DATABASE_URL,
  REDIS_URL: envPieces.REDIS_URL,
  STABILIZATION_WINDOW_SECONDS: envPieces.STABILIZATION_WINDOW_SECONDS,
  CURSOR_SECRET: envPieces.CURSOR_SECRET,
  LOG_LEVEL: envPieces.LOG_LEVEL,
  RATE_LIMIT_PER_TOKEN: envPieces.RATE_LIMIT_PER_TOKEN,
  RATE_LIMIT_PER_COMPANY: envPieces.RATE_LIMIT_PER_COMPANY,
  METRICS_PORT: envPieces.METRICS_PORT,
  TRUSTED_PROXIES: envPieces.TRUSTED_PROXIES,
} as const;
