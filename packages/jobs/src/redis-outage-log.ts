import type { JobLog } from './job-kind.js';

/** Node's and ioredis's ways of saying the server cannot be reached (or went away). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  // ioredis's answer to a command on a connection it has given up or is re-opening.
  return error.message === 'Connection is closed.';
}

export interface RedisOutageLog {
  /** Whether the last report was an error not yet followed by a ready connection. */
  readonly down: boolean;
  /** An error from any client of the job runner's Redis. */
  failed(error: unknown): void;
  /** One of those clients is ready (again). */
  ready(): void;
}

/**
 * One line when the job runner's Redis goes away and one when it is back, however many errors
 * its clients emit meanwhile: each BullMQ queue and worker has connections of its own, and each
 * reconnection attempt of each one fails again, so a 30-second outage made dozens of them.
 * Errors before the first ready connection are the start-up's to report (it falls back to
 * running jobs in-process).
 */
export function redisOutageLog(log: JobLog): RedisOutageLog {
  let state: 'starting' | 'up' | 'down' = 'starting';
  let errorsWhileDown = 0;
  return {
    get down() {
      return state === 'down';
    },
    failed(error) {
      if (state === 'starting') return;
      if (state === 'down') {
        errorsWhileDown++;
        return;
      }
      state = 'down';
      errorsWhileDown = 0;
      log.warn({ err: error }, 'jobs: Redis unreachable; queues and workers wait and reconnect');
    },
    ready() {
      if (state === 'down')
        log.info({ erros_durante_a_queda: errorsWhileDown }, 'jobs: Redis reachable again');
      state = 'up';
    },
  };
}
