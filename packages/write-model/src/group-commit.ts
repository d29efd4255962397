/**
 * Group commit, the command handler's batch strategy: concurrent movement commands share one run
 * of `handleCommand` (stock/movement-batch.ts: one round trip, one commit) instead of queueing for
 * the database one by one. It lives with the write model, whose run it is. A job submitted while no run is going starts one at
 * once, alone, so an idle system adds no delay; jobs that arrive during a run wait for it and
 * then go together, up to `maxBatch`. One run at a time per instance, so jobs of the same
 * process never race each other for a stream or a key. (Two or four runs at a time measured no
 * better on 2 cores: the database, not the wait, is what a run costs.)
 */
export interface GroupCommit<J, R> {
  submit(job: J): Promise<R>;
}

/** What a run gives each job, in the jobs' order: a result, or that job's own failure. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Queued<J, R> {
  job: J;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export function createGroupCommit<J, R>(
  run: (jobs: readonly J[]) => Promise<Settled<R>[]>,
  options: { maxBatch?: number } = {},
): GroupCommit<J, R> {
  const maxBatch = options.maxBatch ?? 64;
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
          if (outcome === undefined) q.reject(new Error('group commit: a job got no outcome'));
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
