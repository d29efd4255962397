import {
  EnvError,
  type EventLogSetting,
  envPieces,
  eventLogEnvPieces,
  eventLogOf,
  parseEnv,
} from '@factory/config';
import { z } from 'zod';

const shape = {
  /** PostgreSQL holding the log, the read models and their checkpoints; required. */
  DATABASE_URL: envPieces.DATABASE_URL,
  ...eventLogEnvPieces,
  /** Redis for jobs (projection rebuilds, shared by every worker); unset: rebuilds run in-process. */
  REDIS_URL: envPieces.REDIS_URL,
  LOG_LEVEL: envPieces.LOG_LEVEL,
  METRICS_PORT: envPieces.METRICS_PORT,
  PROJECTOR_MAX_LAG_SECONDS: envPieces.PROJECTOR_MAX_LAG_SECONDS,
  /** Events per batch and transaction. */
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(2000),
  /** Longest wait between log reads when no append notification arrives. */
  PROJECTOR_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
};

export interface ProjectorEnv {
  databaseUrl: string;
  /** The log to follow (EVENT_STORE, EVENTSTORE_URL); checkpoints stay in PostgreSQL. */
  eventLog: EventLogSetting;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof envPieces.LOG_LEVEL>;
  batchSize: number;
  pollIntervalMs: number;
  /** /metrics, /healthz and /readyz: this worker's only HTTP port; unset: none. */
  metricsPort: number | undefined;
  maxLagSeconds: number;
}

/** The only reader of process.env in this app. */
export function loadEnv(source: Record<string, string | undefined>): ProjectorEnv {
  const env = parseEnv(shape, source);
  // A standalone worker has no embedded single-machine default: it joins an existing database.
  if (!env.DATABASE_URL) throw new EnvError('invalid environment: DATABASE_URL is required');
  return {
    databaseUrl: env.DATABASE_URL,
    eventLog: eventLogOf(env),
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    batchSize: env.PROJECTOR_BATCH_SIZE,
    pollIntervalMs: env.PROJECTOR_POLL_INTERVAL_MS,
    metricsPort: env.METRICS_PORT,
    maxLagSeconds: env.PROJECTOR_MAX_LAG_SECONDS,
  };
}
