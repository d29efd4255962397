import {
  backoffDelay,
  type JobContext,
  JobInterrupted,
  type JobKind,
  type JobLog,
  type JobRunner,
  type JobSchedule,
} from './job-kind.js';

/**
 * Without Redis: the same job kinds, run in this process only, with the same retries and
 * backoff. Nothing survives the process; whatever must resume is recorded by the job itself
 * (a rebuild in the database) and enqueued again at the next start.
 */
export function startLocalJobRunner(options: {
  kinds: readonly JobKind<never>[];
  schedules: readonly JobSchedule[];
  work: boolean;
  log: JobLog;
}): JobRunner {
  const kinds = new Map(options.kinds.map((k) => [k.name, k]));
  const known = new Set<string>();
  const running = new Set<Promise<void>>();
  const abort = new AbortController();
  let closed = false;

  const kindOf = (name: string) => {
    const kind = kinds.get(name);
    if (!kind) throw new Error(`unknown job kind: ${name}`);
    return kind;
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const cut = () => {
        clearTimeout(timer);
        resolve();
      };
      abort.signal.addEventListener('abort', cut, { once: true });
    });

  async function attemptAll(kind: JobKind<never>, id: string, data: unknown): Promise<void> {
    const attempts = kind.attempts ?? 1;
    for (let attempt = 1; ; attempt++) {
      const ctx: JobContext<never> = {
        id,
        data: data as never,
        attempt,
        attempts,
        progress: async () => undefined,
        signal: abort.signal,
      };
      try {
        await kind.run(ctx);
        return;
      } catch (error) {
        if (error instanceof JobInterrupted || abort.signal.aborted) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        options.log.warn({ trabalho: id, tipo: kind.name, tentativa: attempt, err: failure }, 'job failed');
        if (attempt >= attempts) {
          await kind.onFailed?.(ctx, failure);
          return;
        }
        await wait(backoffDelay(kind, attempt));
        if (abort.signal.aborted) return;
      }
    }
  }

  function start(kind: JobKind<never>, id: string, data: unknown): Promise<void> {
    const run = attemptAll(kind, id, data)
      .catch((error: unknown) => options.log.error({ trabalho: id, err: error }, 'job bookkeeping failed'))
      .finally(() => {
        known.delete(id);
        running.delete(run);
      });
    known.add(id);
    running.add(run);
    return run;
  }

  const timers = options.work
    ? options.schedules.map((schedule) => {
        const kind = kindOf(schedule.kind);
        const timer = setInterval(() => {
          const id = `${kind.name}:agendado`;
          if (!closed && !known.has(id)) void start(kind, id, {});
        }, schedule.everyMs);
        timer.unref();
        return timer;
      })
    : [];

  return {
    mode: 'local',
    async enqueue(name, id, data) {
      const kind = kindOf(name);
      if (closed || known.has(id)) return;
      // A process that runs no jobs has nobody to hand a local job to.
      if (!options.work)
        throw new Error(`no job worker in this process for ${name} (Redis is not configured)`);
      void start(kind, id, data);
    },
    async runNow(name, data = {}) {
      const kind = kindOf(name);
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
      closed = true;
      for (const timer of timers) clearInterval(timer);
      abort.abort();
      await Promise.all(running);
    },
  };
}
