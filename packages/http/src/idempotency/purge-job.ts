import type { Pool } from '@factory/database';
import type { JobKind, JobLog, JobSchedule } from '@factory/jobs';
import { purgeExpiredKeys } from './idempotency-repository.js';

export const PURGE_JOB = 'idempotency-purge';
const EVERY_MS = 15 * 60 * 1000;

export interface IdempotencyPurgeOptions {
  pool: Pool;
  /** The process's JSON log (a running process writes nothing else). */
  log: Pick<JobLog, 'info'>;
  clock?: () => Date;
}

/**
 * Deletes the idempotency keys older than 24 h: a job kind for the service's job runner
 * (`@factory/jobs`), run on `idempotencyPurgeSchedule`. With Redis one schedule serves every
 * instance; without it each process purges on its own timer.
 */
export function idempotencyPurgeJob(options: IdempotencyPurgeOptions): JobKind {
  const clock = options.clock ?? (() => new Date());
  return {
    name: PURGE_JOB,
    // The next scheduled run is the retry.
    attempts: 1,
    async run() {
      const deleted = await purgeExpiredKeys(options.pool, clock());
      if (deleted > 0)
        options.log.info({ chaves_apagadas: deleted }, 'idempotency purge: expired keys deleted');
    },
  };
}

export const idempotencyPurgeSchedule = (everyMs = EVERY_MS): JobSchedule => ({ kind: PURGE_JOB, everyMs });
