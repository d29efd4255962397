import { type ChildProcess, spawn } from 'node:child_process';
import { compareCheckpoints, createPostgresEventStore, type LogCheckpoint } from '@factory/event-store';
import {
  PROJECTIONS,
  readCheckpoint,
  readRebuild,
  requestRebuild,
  shadowCheckpointName,
  verifyProjections,
  waitUntilCaughtUp,
} from '@factory/read-models';
import { createTestDatabase, describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { PrivateRedis, redisServerAvailable } from '../../packages/jobs/test/private-redis.fixture.js';
import { catalogItems } from '../../packages/read-models/test/catalog/catalog-items.fixture.js';
import { appendStockLog } from '../../packages/read-models/test/stock/stock-load.fixture.js';

// A rebuild survives kill -9 of its worker: the standalone projector (live builds and rebuild
// jobs, BullMQ on a Redis of this test's own) is SIGKILLed while it builds the next version of
// every projection, and started again. The rebuild resumes from the version's own checkpoint
// (never from zero again), swaps, and verificar finds nothing to report.
const ROOT = new URL('../../', import.meta.url).pathname;

function startWorker(databaseUrl: string, redisUrl: string): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/projector/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'error',
      // Small batches: a longer rebuild with many checkpoints, so the kill lands inside it.
      PROJECTOR_BATCH_SIZE: '100',
      PROJECTOR_POLL_INTERVAL_MS: '100',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

const available = redisServerAvailable();
if (!available)
  console.warn('SKIPPED "rebuild killed with SIGKILL": no redis-server binary for a private Redis');

describeWith(['postgres'], 'rebuild killed with SIGKILL', () => {
  it.skipIf(!available)(
    'resumes from its checkpoint after kill -9 of the worker, swaps, and verificar reports 0',
    async () => {
      const db = await createTestDatabase();
      const redis = await PrivateRedis.start();
      const store = createPostgresEventStore({ pool: db.pool, listen: null });
      let worker: ChildProcess | null = null;
      try {
        await appendStockLog(store, {
          companies: 2,
          itemsPerCompany: 10,
          movementsPerItem: 400,
          locations: 3,
          chunk: 20,
          concurrency: 4,
          items: catalogItems(store, { billedShare: 0.2 }),
        });
        worker = startWorker(db.url, redis.url);
        for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 60_000 });

        const rebuilds = await Promise.all(PROJECTIONS.map((p) => requestRebuild(db.pool, p.name)));
        const estoque = rebuilds.find((r) => r.projecao === 'estoque')!;
        const shadow = shadowCheckpointName('estoque', estoque.versao);
        const position = async (): Promise<LogCheckpoint | null> =>
          (await readCheckpoint(db.pool, shadow))?.checkpoint ?? null;

        // 1. Kill the worker once the new version's checkpoint has moved past zero.
        await expect
          .poll(async () => (await position())?.position ?? 0, { timeout: 60_000, interval: 20 })
          .toBeGreaterThan(0);
        worker.kill('SIGKILL');
        await exited(worker);
        const atKill = (await position())!;
        expect(atKill.position).toBeGreaterThan(0);
        expect((await readRebuild(db.pool, estoque.id))!.estado).toBe('reconstruindo');

        // 2. Start it again: the rebuild goes on from there, never from zero, until it swaps.
        worker = startWorker(db.url, redis.url);
        const seen: LogCheckpoint[] = [];
        await expect
          .poll(
            async () => {
              const now = await position();
              if (now) seen.push(now);
              return (await Promise.all(rebuilds.map((r) => readRebuild(db.pool, r.id)))).map(
                (r) => r!.estado,
              );
            },
            { timeout: 90_000, interval: 50 },
          )
          .toEqual(rebuilds.map(() => 'concluida'));
        expect(seen.length).toBeGreaterThan(0);
        for (const checkpoint of seen)
          expect(compareCheckpoints(checkpoint, atKill)).toBeGreaterThanOrEqual(0);

        // 3. The new versions are live and equal to a replay of the log.
        for (const p of PROJECTIONS) {
          await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 30_000 });
          const { rows } = await db.pool.query<{ versao: number }>(
            'SELECT versao FROM projection_checkpoints WHERE name = $1',
            [p.name],
          );
          expect(rows[0]!.versao).toBe(2);
        }
        expect(
          await verifyProjections({ pool: db.pool, eventStore: store, projections: PROJECTIONS }),
        ).toMatchObject({
          diferencas: 0,
        });
      } finally {
        if (worker) {
          worker.kill('SIGKILL');
          await exited(worker);
        }
        await store.close();
        await redis.close();
      }
    },
    240_000,
  );
});
