import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { startJobRunner } from '@factory/jobs';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomStep, seedCatalog } from '../../../test/catalog/catalog-workload.fixture.js';
import { CatalogWriter } from '../../../test/catalog/catalog-writer.fixture.js';
import { StockWriter } from '../../../test/stock/stock-writer.fixture.js';
import { PROJECTIONS } from '../../projections.js';
import { readCheckpoint } from '../../projector/checkpoints.js';
import type { Projection } from '../../projector/projection.js';
import { startProjector } from '../../projector/projector.js';
import { silentLog } from '../../projector/projector-log.js';
import { waitUntilCaughtUp } from '../../projector/wait-for-projection.js';
import { readProjectionStatus } from '../projection-status.js';
import { verifyProjections } from '../verify/verify-projections.js';
import { followOpenRebuilds } from './follow-open-rebuilds.js';
import { rebuildJob } from './rebuild-job.js';
import { RebuildRunningError, readRebuild, requestRebuild } from './rebuild-record.js';

describeWith(['postgres'], 'projection rebuild job (in-process, without Redis)', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 16 });
    store = createPostgresEventStore({ pool: db.pool });
  });
  afterAll(() => store.close());

  const schemas = async () =>
    (
      await db.pool.query<{ s: string }>(
        "SELECT nspname AS s FROM pg_namespace WHERE nspname LIKE 'projecao\\_%' ORDER BY 1",
      )
    ).rows.map((r) => r.s);

  const startWorker = async (projections: readonly Projection[] = PROJECTIONS, attempts?: number) => {
    const jobs = await startJobRunner({
      redisUrl: null,
      kinds: [rebuildJob({ databaseUrl: db.url, projections, log: silentLog, attempts, backoffMs: 10 })],
      log: silentLog,
    });
    const follower = await followOpenRebuilds({ pool: db.pool, jobs, log: silentLog, everyMs: 100 });
    return {
      async close() {
        await follower.close();
        await jobs.close();
      },
    };
  };

  it('builds every projection into its next version while writes go on, swaps, and drops the old one', async () => {
    const live = startProjector({
      pool: db.pool,
      eventStore: store,
      projections: PROJECTIONS,
      batchSize: 50,
    });
    const empresa = randomUUID();
    const stock = new StockWriter(store, empresa);
    const catalog = new CatalogWriter(store, empresa);
    const workload = await seedCatalog(catalog, { items: 4, products: 6 });
    const item = await stock.defineItem();
    const local = randomUUID();
    for (let i = 0; i < 300; i++) await stock.move(item, local, 2, { custo_unitario: `${1 + (i % 7)}.25` });
    // The swap goes live where the live build is, which may trail the head on a busy machine:
    // with the live build past these 300 movements, every new version must be built past them.
    for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 60_000 });

    let writing = true;
    const writes = (async () => {
      while (writing) {
        await stock.move(item, local, 1, { custo_unitario: '3.00' });
        await randomStep(catalog, workload, 1000);
      }
    })();
    // Every index of the tables the migrations made, by name and definition.
    const liveIndexes = async () =>
      (
        await db.pool.query<{ indexname: string; indexdef: string }>(
          `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)
            ORDER BY indexname`,
          [PROJECTIONS.flatMap((p) => p.tables)],
        )
      ).rows;
    const indexesBefore = await liveIndexes();
    const rebuilds = await Promise.all(PROJECTIONS.map((p) => requestRebuild(db.pool, p.name)));
    await expect(requestRebuild(db.pool, 'estoque')).rejects.toBeInstanceOf(RebuildRunningError);
    const worker = await startWorker();
    try {
      await expect
        .poll(
          async () =>
            (await Promise.all(rebuilds.map((r) => readRebuild(db.pool, r.id)))).map((r) => r!.estado),
          {
            timeout: 60_000,
            interval: 100,
          },
        )
        .toEqual(PROJECTIONS.map(() => 'concluida'));
    } finally {
      writing = false;
      await writes;
      await worker.close();
    }
    for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 30_000 });
    await live.close();

    expect(await schemas()).toEqual([]);
    // Indexes a rebuild makes once its build is done (projector/deferred-indexes.ts) are all there.
    expect(indexesBefore.length).toBeGreaterThan(PROJECTIONS.flatMap((p) => p.tables).length);
    expect(await liveIndexes()).toEqual(indexesBefore);
    for (const p of PROJECTIONS) {
      const checkpoint = await readCheckpoint(db.pool, p.name);
      expect(checkpoint).not.toBeNull();
    }
    const status = await readProjectionStatus(db.pool, store, PROJECTIONS);
    expect(status.map((s) => [s.nome, s.versao, s.atraso_eventos, s.reconstrucao])).toEqual(
      PROJECTIONS.map((p) => [p.name, 2, 0, null]),
    );
    const done = await readRebuild(db.pool, rebuilds[0]!.id);
    expect(done!.eventos).toBeGreaterThan(300);
    // The ledger kept every movement exactly once through the swap.
    const { rows } = await db.pool.query<{ movimentos: number; eventos: number }>(
      `SELECT (SELECT count(*) FROM estoque_movimentos)::int AS movimentos,
              (SELECT count(*) FROM events WHERE type = 'MovimentoRegistrado.v1')::int AS eventos`,
    );
    expect(rows[0]!.movimentos).toBe(rows[0]!.eventos);
    // And every row is what a replay of the log gives.
    expect(
      await verifyProjections({ pool: db.pool, eventStore: store, projections: PROJECTIONS }),
    ).toMatchObject({
      diferencas: 0,
    });
  }, 120_000);

  it('retries a failing rebuild with backoff, then records it as falhou with its error', async () => {
    const poisoned: Projection = {
      ...PROJECTIONS[0]!,
      apply: async () => {
        throw new Error('veneno no lote');
      },
    };
    const rebuild = await requestRebuild(db.pool, 'estoque');
    const worker = await startWorker([poisoned, ...PROJECTIONS.slice(1)], 2);
    try {
      await expect
        .poll(async () => (await readRebuild(db.pool, rebuild.id))!.estado, { timeout: 30_000 })
        .toBe('falhou');
    } finally {
      await worker.close();
    }
    expect((await readRebuild(db.pool, rebuild.id))!.erro).toBe('veneno no lote');
    const [estoque] = await readProjectionStatus(db.pool, store, PROJECTIONS);
    expect(estoque).toMatchObject({ estado: 'falhou', erro: 'veneno no lote', reconstrucao: null });
    expect(await schemas()).toEqual([]);
  }, 60_000);
});
