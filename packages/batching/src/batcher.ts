/**
 * Concurrent callers' jobs sent to one resource together: a job submitted while no run is going
 * starts one at once, alone, so an idle system adds no delay; jobs that arrive during a run wait
 * for it and then go together, up to `maxBatch`. One run at a time per batcher, so the jobs of
 * one process never race each other. What a run does (one statement, one transaction) is the
 * caller's: the write model's group commit and http's idempotency claims each pass their own.
 */
export interface Batcher<J, R> {
  submit(job: J): Promise<R>;
}

/** What a run gives each job, in the jobs' order: a result, or that job's own failure. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Queued<J, R> {
  job: J;
  resolve(value: R): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 64;

/** A run that throws fails every job of its batch; the next batch runs all the same. */
export function createBatcher<J, R>(
  run: (jobs: readonly J[]) => Promise<Settled<R>[]>,
  options: { maxBatch?: number } = {},
): Batcher<J, R> {
  const maxBatch = options.maxBatch ?? MAX_BATCH;
  const queue: Queued<J, R>[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        const settled = await run(batch.map((q) => q.job));
        for (const [i, q] of batch.entries()) {
          const outcome = settled[i];
          if (outcome === undefined) q.reject(new Error('batcher: a job got no outcome'));
          else if (outcome.ok) q.resolve(outcome.value);
          else q.reject(outcome.error);
        }
      } catch (error) {
        for (const q of batch) q.reject(error);
      }
    }
    running = false;
  }

  return {
    submit: (job) =>
      new Promise<R>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        if (!running) void drain();
      }),
  };
}
