import type { Pool } from '@factory/database';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { purgeExpiredKeys } from './idempotency-repository.js';

/**
 * A queue of its own: a BullMQ worker takes every job of its queue, so sharing one with other
 * maintenance jobs would hand them to a worker that knows only this one.
 */
export const PURGE_QUEUE = 'factory-idempotency-purge';
const SCHEDULER_ID = 'purge-expired-idempotency-keys';
const EVERY_MS = 15 * 60 * 1000;

export interface IdempotencyPurgeOptions {
  pool: Pool;
  /** Redis: one schedule for every instance (BullMQ job scheduler). None: an in-process timer. */
  redisUrl: string | null | undefined;
  log: (line: string) => void;
  clock?: () => Date;
  everyMs?: number;
  /** BullMQ key prefix (tests keep their queues apart with it). */
  prefix?: string;
}

export interface IdempotencyPurge {
  /** Runs one purge now and returns how many keys it deleted. */
  runOnce(): Promise<number>;
  close(): Promise<void>;
}

/** Starts deleting idempotency keys older than 24 h on a schedule. */
export async function startIdempotencyPurge(options: IdempotencyPurgeOptions): Promise<IdempotencyPurge> {
  const clock = options.clock ?? (() => new Date());
  const everyMs = options.everyMs ?? EVERY_MS;
  const runOnce = async () => {
    const deleted = await purgeExpiredKeys(options.pool, clock());
    if (deleted > 0) options.log(`idempotency purge: ${deleted} expired keys deleted`);
    return deleted;
  };
  if (options.redisUrl) {
    try {
      return await scheduleInRedis(options.redisUrl, everyMs, runOnce, options);
    } catch (error) {
      options.log(`idempotency purge: Redis unusable (${(error as Error).message}), using a local timer`);
    }
  }
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => options.log(`idempotency purge failed: ${(error as Error).message}`));
  }, everyMs);
  timer.unref();
  return { runOnce, close: async () => clearInterval(timer) };
}

async function scheduleInRedis(
  redisUrl: string,
  everyMs: number,
  runOnce: () => Promise<number>,
  options: IdempotencyPurgeOptions,
): Promise<IdempotencyPurge> {
  // BullMQ's worker blocks on its connection and must never give up on a command. Connection
  // errors surface through the worker's 'error' event.
  const connect = () =>
    new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: true }).on('error', () => undefined);
  const queueConnection = connect();
  const workerConnection = connect();
  try {
    await Promise.all([queueConnection.connect(), workerConnection.connect()]);
    const prefix = options.prefix ? { prefix: options.prefix } : {};
    const queue = new Queue(PURGE_QUEUE, { connection: queueConnection, ...prefix });
    // Same scheduler id from every instance: one schedule, whichever instance's worker runs it.
    await queue.upsertJobScheduler(SCHEDULER_ID, { every: everyMs }, { name: SCHEDULER_ID });
    const worker = new Worker(PURGE_QUEUE, runOnce, { connection: workerConnection, ...prefix });
    worker.on('failed', (_job, error) => options.log(`idempotency purge failed: ${error.message}`));
    worker.on('error', (error) => options.log(`idempotency purge worker: ${error.message}`));
    return {
      runOnce,
      async close() {
        await worker.close();
        await queue.close();
        await Promise.all([queueConnection.quit(), workerConnection.quit()]).catch(() => undefined);
      },
    };
  } catch (error) {
    queueConnection.disconnect();
    workerConnection.disconnect();
    throw error;
  }
}
