/** What a job's code gets: its data, which attempt this is, and a way to report progress. */
export interface JobContext<D = unknown> {
  id: string;
  data: D;
  /** 1 for the first try. */
  attempt: number;
  attempts: number;
  /** Stored with the job (BullMQ's progress) for whoever watches the queue. */
  progress(value: object): Promise<void>;
  /**
   * Aborted when this process's runner closes. A long job stops at a consistent point and
   * throws `JobInterrupted`: the job is handed back untouched (no attempt spent) to be resumed.
   */
  signal: AbortSignal;
}

/** One kind of job: its code and its retry policy. Every process that runs jobs knows its kinds. */
export interface JobKind<D = unknown> {
  /** Also the queue's name (one queue per kind: a worker takes every job of its queue). */
  name: string;
  run(ctx: JobContext<D>): Promise<void>;
  /** Tries in all (1 by default). */
  attempts?: number;
  /** Delay before the first retry, doubled at each retry (1 s by default). */
  backoffMs?: number;
  /** Called once, when the last attempt failed. */
  onFailed?(ctx: JobContext<D>, error: Error): Promise<void>;
  /** Jobs of this kind one process runs at once (1 by default). */
  concurrency?: number;
  /**
   * How long a taken job stays locked without a renewal (BullMQ's lock, 30 s by default): once
   * its process is gone (kill -9), another worker takes the job over after about this long.
   */
  lockMs?: number;
}

/** A recurring job: `kind` every `everyMs`, one schedule for every process that declares it. */
export interface JobSchedule {
  kind: string;
  everyMs: number;
}

export interface JobRunner {
  /** `redis`: BullMQ queues shared by every process; `local`: this process alone. */
  readonly mode: 'redis' | 'local';
  /** Adds a job; a job with the same id that is still known (waiting, running) is not added again. */
  enqueue(kind: string, id: string, data: unknown): Promise<void>;
  /** Runs one job of `kind` now in this process, outside any queue (tests, one-off calls). */
  runNow(kind: string, data?: unknown): Promise<void>;
  /** Interrupts the running jobs (handed back to be resumed), stops taking new ones. */
  close(): Promise<void>;
}

/** Thrown by a job that stopped because its runner is closing: it is resumed later, not failed. */
export class JobInterrupted extends Error {
  override readonly name = 'JobInterrupted';
  constructor() {
    super('job interrupted: its process is stopping; it resumes when a worker takes it again');
  }
}

export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const DEFAULT_BACKOFF_MS = 1000;

/** Delay before retry number `retry` (1 for the first retry). */
export const backoffDelay = (kind: JobKind<never>, retry: number): number =>
  (kind.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** (retry - 1);
