import type { JobKind, JobLog, JobRunner, JobSchedule } from './job-kind.js';
import { startLocalJobRunner } from './local-job-runner.js';
import { startRedisJobRunner } from './redis-job-runner.js';

export interface JobRunnerOptions {
  /** Redis: BullMQ queues shared by every process. None (or unusable): this process alone. */
  redisUrl: string | null | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own data type
  kinds: readonly JobKind<any>[];
  schedules?: readonly JobSchedule[];
  /** False in a process that only enqueues (the operations CLI). True by default. */
  work?: boolean;
  log: JobLog;
  prefix?: string;
  resyncMs?: number;
}

/** The one way jobs run in this service: BullMQ on Redis when there is one, else in-process. */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const common = {
    kinds: options.kinds as readonly JobKind<never>[],
    schedules: options.schedules ?? [],
    work: options.work ?? true,
    log: options.log,
  };
  if (options.redisUrl) {
    try {
      return await startRedisJobRunner({
        ...common,
        redisUrl: options.redisUrl,
        prefix: options.prefix,
        resyncMs: options.resyncMs,
      });
    } catch (error) {
      options.log.warn({ err: error }, 'Redis unusable for jobs; running them in this process');
    }
  }
  return startLocalJobRunner(common);
}
