import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateRedis, redisServerAvailable } from '../test/private-redis.fixture.js';
import { JobInterrupted, type JobKind } from './job-kind.js';
import { startJobRunner } from './start-job-runner.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A kind that fails `failures` times, then succeeds; records each attempt and the final failure. */
function flakyKind(name: string, failures: number, attempts: number) {
  const tries: number[] = [];
  const failed: string[] = [];
  const kind: JobKind<{ n: number }> = {
    name,
    attempts,
    backoffMs: 10,
    async run(ctx) {
      tries.push(ctx.attempt);
      if (tries.length <= failures) throw new Error(`tentativa ${ctx.attempt} falhou`);
    },
    async onFailed(_ctx, error) {
      failed.push(error.message);
    },
  };
  return { kind, tries, failed };
}

const available = redisServerAvailable();
if (!available)
  console.warn('SKIPPED "job runner on a private Redis": no redis-server binary on this machine');

describe.skipIf(!available)('job runner on a private Redis', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
  });
  afterAll(() => redis.close());

  it('puts its schedules back by itself when Redis restarts empty', async () => {
    let runs = 0;
    const runner = await startJobRunner({
      redisUrl: redis.url,
      kinds: [{ name: 'contar', run: async () => void runs++ }],
      schedules: [{ kind: 'contar', everyMs: 100 }],
      log: quiet,
    });
    const inspect = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: null });
    inspect.on('error', () => undefined);
    try {
      expect(runner.mode).toBe('redis');
      await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThan(0);
      await redis.restart();
      await inspect.connect();
      // The restarted server is empty: no scheduler until the runner puts it back.
      const queue = new Queue('factory-contar', { connection: inspect });
      await expect.poll(() => queue.getJobSchedulersCount(), { timeout: 20_000 }).toBe(1);
      const after = runs;
      await expect.poll(() => runs, { timeout: 20_000 }).toBeGreaterThan(after + 2);
      await queue.close();
    } finally {
      await runner.close();
      inspect.disconnect();
    }
  }, 60_000);

  it('closes cleanly at any moment of its start-up (a SIGTERM just after start)', async () => {
    // A connection still connecting when close() ran used to reject with nobody awaiting it:
    // vitest fails the file on such an unhandled rejection.
    for (let i = 0; i < 20; i++) {
      const runner = await startJobRunner({
        redisUrl: redis.url,
        kinds: [{ name: `fechar-${i}`, run: async () => undefined }],
        schedules: [{ kind: `fechar-${i}`, everyMs: 1000 }],
        log: quiet,
      });
      if (i % 4 !== 0) await new Promise((resolve) => setImmediate(resolve));
      await runner.close();
    }
  }, 60_000);

  it('retries with backoff and calls onFailed once, after the last attempt', async () => {
    const flaky = flakyKind(`falhar-${randomUUID()}`, 99, 3);
    const runner = await startJobRunner({ redisUrl: redis.url, kinds: [flaky.kind], log: quiet });
    try {
      await runner.enqueue(flaky.kind.name, 'um', { n: 1 });
      await expect.poll(() => flaky.failed, { timeout: 10_000 }).toEqual(['tentativa 3 falhou']);
      expect(flaky.tries).toEqual([1, 2, 3]);
    } finally {
      await runner.close();
    }
  });

  it('does not add a job whose id is still known', async () => {
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const name = `unico-${randomUUID()}`;
    const runner = await startJobRunner({
      redisUrl: redis.url,
      kinds: [
        {
          name,
          async run() {
            runs++;
            await held;
          },
        },
      ],
      log: quiet,
    });
    try {
      await runner.enqueue(name, 'x', {});
      await expect.poll(() => runs).toBe(1);
      await runner.enqueue(name, 'x', {});
      release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(runs).toBe(1);
    } finally {
      await runner.close();
    }
  });

  it('hands an interrupted job back without spending an attempt, and another worker resumes it', async () => {
    const name = `longo-${randomUUID()}`;
    const seen: Array<{ runner: string; attempt: number }> = [];
    const kind = (runner: string): JobKind => ({
      name,
      attempts: 1,
      async run(ctx) {
        seen.push({ runner, attempt: ctx.attempt });
        if (runner === 'a')
          await new Promise((_, reject) =>
            ctx.signal.addEventListener('abort', () => reject(new JobInterrupted()), { once: true }),
          );
      },
    });
    const a = await startJobRunner({ redisUrl: redis.url, kinds: [kind('a')], log: quiet });
    await a.enqueue(name, 'j', {});
    await expect.poll(() => seen.length).toBe(1);
    await a.close();
    const b = await startJobRunner({ redisUrl: redis.url, kinds: [kind('b')], log: quiet });
    try {
      await expect
        .poll(() => seen, { timeout: 10_000 })
        .toEqual([
          { runner: 'a', attempt: 1 },
          { runner: 'b', attempt: 1 },
        ]);
    } finally {
      await b.close();
    }
  });
});

describe('job runner without Redis', () => {
  it('retries with the same backoff in this process and calls onFailed once', async () => {
    const flaky = flakyKind('falhar', 99, 3);
    const runner = await startJobRunner({ redisUrl: null, kinds: [flaky.kind], log: quiet });
    try {
      expect(runner.mode).toBe('local');
      await runner.enqueue('falhar', 'um', { n: 1 });
      await expect.poll(() => flaky.failed).toEqual(['tentativa 3 falhou']);
      expect(flaky.tries).toEqual([1, 2, 3]);
    } finally {
      await runner.close();
    }
  });

  it('succeeds on a retry without calling onFailed', async () => {
    const flaky = flakyKind('quase', 1, 3);
    const runner = await startJobRunner({ redisUrl: null, kinds: [flaky.kind], log: quiet });
    try {
      await runner.enqueue('quase', 'um', { n: 1 });
      await expect.poll(() => flaky.tries).toEqual([1, 2]);
      expect(flaky.failed).toEqual([]);
    } finally {
      await runner.close();
    }
  });

  it('refuses to enqueue in a process that runs no jobs', async () => {
    const runner = await startJobRunner({
      redisUrl: null,
      kinds: [{ name: 'nada', run: async () => undefined }],
      work: false,
      log: quiet,
    });
    await expect(runner.enqueue('nada', 'x', {})).rejects.toThrow(/no job worker/);
    await runner.close();
  });
});
