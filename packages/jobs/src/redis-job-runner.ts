import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  DEFAULT_BACKOFF_MS,
  type JobContext,
  JobInterrupted,
  type JobKind,
  type JobLog,
  type JobRunner,
  type JobSchedule,
} from './job-kind.js';
import { isConnectionError, redisOutageLog } from './redis-outage-log.js';

export interface RedisJobRunnerOptions {
  redisUrl: string;
  kinds: readonly JobKind<never>[];
  schedules: readonly JobSchedule[];
  work: boolean;
  log: JobLog;
  /** BullMQ key prefix (tests keep their queues apart with it). */
  prefix?: string;
  /** How often the schedules are asserted again besides each (re)connection (30 s by default). */
  resyncMs?: number;
}

const queueName = (kind: string) => `factory-${kind}`;
const schedulerId = (kind: string) => `${kind}:agendado`;

/**
 * BullMQ: one queue per kind, a worker per kind in processes that run jobs. Redis here keeps
 * nothing on disk, so a restart empties it: every schedule is asserted again (an idempotent
 * upsert) whenever the connection becomes ready and every `resyncMs`, so schedules come back by
 * themselves. Jobs that must survive that (rebuilds) are recorded by their own code and enqueued
 * again by it.
 */
export async function startRedisJobRunner(options: RedisJobRunnerOptions): Promise<JobRunner> {
  // BullMQ blocks on its connections and must never give up on a command; ioredis reconnects on
  // its own. Every client's errors (ours, and through the queues' and workers' 'error' events
  // the duplicates BullMQ makes) go to one outage log: a queue without a listener prints each
  // one on stderr, outside the JSON log.
  // Only the first connection is lazy, so that start-up fails when Redis is not there. The
  // workers' are not: ioredis then handles their connect promise itself, and BullMQ duplicates
  // them for its blocking reads; a lazy one still connecting when close() runs (a SIGTERM just
  // after start-up) rejects that promise with nobody awaiting it and the process dies.
  const outage = redisOutageLog(options.log);
  const connect = (lazyConnect: boolean) =>
    new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect })
      .on('error', outage.failed)
      .on('ready', outage.ready);
  const prefix = options.prefix ? { prefix: options.prefix } : {};
  const connection = connect(true);
  try {
    await connection.connect();
  } catch (error) {
    connection.disconnect();
    throw error;
  }
  const workerConnections: Redis[] = [];
  const kinds = new Map(options.kinds.map((k) => [k.name, k]));
  const queues = new Map(
    options.kinds.map((k) => [
      k.name,
      new Queue(queueName(k.name), { connection, ...prefix }).on('error', outage.failed),
    ]),
  );
  const abort = new AbortController();
  const workers: Worker[] = [];

  const assertSchedules = async () => {
    for (const schedule of options.schedules) {
      const kind = kinds.get(schedule.kind);
      if (!kind) throw new Error(`unknown job kind: ${schedule.kind}`);
      await queues
        .get(kind.name)!
        .upsertJobScheduler(
          schedulerId(kind.name),
          { every: schedule.everyMs },
          { name: kind.name, data: {}, opts: jobOptions(kind) },
        );
    }
  };
  const reassert = () =>
    void assertSchedules().catch((error: unknown) =>
      options.log.warn({ err: error }, 'job schedules could not be asserted; retrying'),
    );

  try {
    await assertSchedules();
  } catch (error) {
    await Promise.all([...queues.values()].map((q) => q.close()));
    connection.disconnect();
    throw error;
  }
  // After Redis restarts empty, the reconnection's 'ready' puts the schedules back.
  connection.on('ready', reassert);
  const resync = setInterval(reassert, options.resyncMs ?? 30_000);
  resync.unref();

  if (options.work) {
    for (const kind of options.kinds) {
      const workerConnection = connect(false);
      workerConnections.push(workerConnection);
      const worker = new Worker(queueName(kind.name), (job, token) => process(kind, job, token), {
        connection: workerConnection,
        concurrency: kind.concurrency ?? 1,
        lockDuration: kind.lockMs ?? 30_000,
        stalledInterval: Math.min(kind.lockMs ?? 30_000, 30_000),
        // A job whose worker was killed is taken over, however often that happens: the job
        // itself resumes from what it recorded.
        maxStalledCount: 1000,
        ...prefix,
      });
      worker.on('error', (error) => {
        if (outage.down || isConnectionError(error)) outage.failed(error);
        else options.log.warn({ tipo: kind.name, err: error }, 'job worker error');
      });
      worker.on('failed', (job, error) => void failed(kind, job, error));
      workers.push(worker);
    }
  }

  async function process(kind: JobKind<never>, job: Job, token: string | undefined): Promise<void> {
    try {
      await kind.run(context(kind, job));
    } catch (error) {
      if (error instanceof JobInterrupted) {
        // Handed back without spending an attempt: the next worker resumes it.
        await job.moveToDelayed(Date.now() + 1000, token);
        throw new DelayedError();
      }
      throw error;
    }
  }

  async function failed(kind: JobKind<never>, job: Job | undefined, error: Error): Promise<void> {
    if (!job) return;
    options.log.warn(
      { trabalho: job.id, tipo: kind.name, tentativa: job.attemptsMade, err: error },
      'job failed',
    );
    if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
    try {
      await kind.onFailed?.(context(kind, job), error);
    } catch (bookkeeping) {
      options.log.error({ trabalho: job.id, err: bookkeeping }, 'recording a failed job failed');
    }
  }

  function context(kind: JobKind<never>, job: Job): JobContext<never> {
    return {
      id: job.id ?? '',
      data: job.data as never,
      attempt: job.attemptsMade + 1,
      attempts: job.opts.attempts ?? kind.attempts ?? 1,
      progress: (value) => job.updateProgress(value),
      signal: abort.signal,
    };
  }

  return {
    mode: 'redis',
    async enqueue(name, id, data) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`unknown job kind: ${name}`);
      await queues.get(name)!.add(name, data, { ...jobOptions(kind), jobId: id });
    },
    async runNow(name, data = {}) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`unknown job kind: ${name}`);
      await kind.run({
        id: `${name}:agora`,
        data: data as never,
        attempt: 1,
        attempts: 1,
        progress: async () => undefined,
        signal: abort.signal,
      });
    },
    async close() {
      clearInterval(resync);
      connection.off('ready', reassert);
      abort.abort();
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
      await Promise.all([connection, ...workerConnections].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}

function jobOptions(kind: JobKind<never>) {
  return {
    attempts: kind.attempts ?? 1,
    backoff: { type: 'exponential' as const, delay: kind.backoffMs ?? DEFAULT_BACKOFF_MS },
    // Kept a while for whoever inspects the queue, then dropped: the outcome that matters is
    // recorded by the job's own code.
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
  };
}
