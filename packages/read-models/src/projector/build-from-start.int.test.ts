import { createPostgresEventStore, type EventStore, LOG_START } from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { catalogItems } from '../../test/catalog/catalog-items.fixture.js';
import { appendStockLog } from '../../test/stock/stock-load.fixture.js';
import { catalogProjection } from '../catalog/catalog-projection.js';
import { verifyProjections } from '../operations/verify/verify-projections.js';
import { stockProjection } from '../stock/stock-projection.js';
import { buildWithoutIndexesUntil } from './build-from-start.js';
import { createDeferredIndexes, hasDeferredIndexes } from './deferred-indexes.js';
import { partitionCheckpointName, partitioned } from './partition.js';
import { LIVE_SCHEMA, liveTarget, type Projection } from './projection.js';
import { type Projector, startProjector } from './projector.js';
import { waitForProjection, waitUntilCaughtUp, waitUntilIndexesMade } from './wait-for-projection.js';

const PROJECTIONS = [stockProjection, catalogProjection];
const TABLES = PROJECTIONS.flatMap((p) => p.tables);

// Issue 24: a live build from the log's start writes without the secondary indexes of its
// `indexedAfterBuild` tables and makes them once at the head, as a rebuild does.
describeWith(['postgres'], 'a live build from the log start defers its indexes', () => {
  let db: TestDatabase;
  let store: EventStore;
  let indexesBefore: Array<{ indexname: string; indexdef: string }>;
  const running: Projector[] = [];

  const liveIndexes = async () =>
    (
      await db.pool.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes
          WHERE schemaname = 'public' AND tablename = ANY($1) ORDER BY indexname`,
        [TABLES],
      )
    ).rows;
  const deferredNames = async () =>
    (
      await db.pool.query<{ index_name: string }>(
        `SELECT index_name FROM projection_deferred_indexes WHERE schema_name = 'public' ORDER BY index_name`,
      )
    ).rows.map((r) => r.index_name);
  /** Every projection's tables emptied and its checkpoint gone: a build from the log's start. */
  const fromStart = async () => {
    for (const table of TABLES) await db.pool.query(`TRUNCATE ${table}`);
    await db.pool.query('DELETE FROM projection_checkpoints');
  };
  const start = (options: Partial<Parameters<typeof startProjector>[0]> = {}) => {
    const projector = startProjector({
      pool: db.pool,
      eventStore: store,
      projections: PROJECTIONS,
      batchSize: 50,
      pollIntervalMs: 50,
      watermarkIntervalMs: 30,
      deferIndexesFromEvents: 100,
      ...options,
    });
    running.push(projector);
    return projector;
  };
  const caughtUp = async () => {
    for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 60_000 });
  };
  const verified = async () =>
    (await verifyProjections({ pool: db.pool, eventStore: store, projections: PROJECTIONS })).diferencas;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool });
    await appendStockLog(store, {
      companies: 2,
      itemsPerCompany: 8,
      movementsPerItem: 25,
      locations: 3,
      chunk: 10,
      concurrency: 4,
      items: catalogItems(store, { billedShare: 0.2 }),
    });
    indexesBefore = await liveIndexes();
  }, 180_000);
  beforeEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.close()));
    await fromStart();
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.close()));
    await store.close();
  });

  it('drops only indexes beside the keys, and only when the log is long enough and the tables empty', async () => {
    const secondary = (await liveIndexes()).filter((i) => !/_pkey$/.test(i.indexname));
    expect(secondary.length).toBeGreaterThan(4);
    const events = await store.countEvents({ after: LOG_START });
    const stock = liveTarget(stockProjection);
    const decide = (projection: Projection, fromEvents: number, stored = LOG_START) =>
      buildWithoutIndexesUntil(db.pool, store, projection, liveTarget(projection), stored, fromEvents);

    // A log shorter than the threshold, a build not at the start: nothing (rows: the next test).
    expect(await decide(stockProjection, events + 1)).toBeNull();
    const head = (await store.readHead()).checkpoint;
    expect(await decide(stockProjection, 1, head)).toBeNull();
    expect(await liveIndexes()).toEqual(indexesBefore);

    // Far enough behind, from the start, with empty tables: deferred until the head read now.
    expect(await decide(stockProjection, events)).toEqual(head);
    const deferred = await deferredNames();
    expect(deferred.length).toBeGreaterThan(2);
    expect(deferred.every((name) => name.startsWith('estoque_'))).toBe(true);
    const left = (await liveIndexes()).map((i) => i.indexname);
    expect(left.filter((name) => deferred.includes(name))).toEqual([]);
    // A second worker (another partition, or this one after a kill) joins, wherever it stands.
    expect(await decide(stockProjection, events + 1, head)).toEqual(head);
    expect(await hasDeferredIndexes(db.pool, catalogProjection, 'public')).toBe(false);

    // Made again exactly as they were, and nothing left waiting.
    await createDeferredIndexes(db.pool, stockProjection, stock.schema);
    expect(await deferredNames()).toEqual([]);
    expect(await liveIndexes()).toEqual(indexesBefore);
  });

  it('keeps the indexes when a table already holds rows', async () => {
    const events = await store.countEvents({ after: LOG_START });
    // One build to the head fills the tables; its checkpoint then goes back to the start.
    start({ deferIndexesFromEvents: events + 1 });
    await caughtUp();
    await Promise.all(running.splice(0).map((p) => p.close()));
    await db.pool.query('DELETE FROM projection_checkpoints');
    const decided = await buildWithoutIndexesUntil(
      db.pool,
      store,
      stockProjection,
      liveTarget(stockProjection),
      LOG_START,
      1,
    );
    expect(decided).toBeNull();
    expect(await liveIndexes()).toEqual(indexesBefore);
  });

  it('builds every read model as a replay does, with writes going on, and makes the indexes at the head', async () => {
    const deferredBy: string[] = [];
    const log = {
      info: (fields: object, message: string) => {
        if (/without their secondary indexes/.test(message))
          deferredBy.push((fields as { projecao: string }).projecao);
      },
      warn: () => undefined,
      error: () => undefined,
    };
    start({ log });
    // More of the log while the build runs: the build ends at the head it read, the rest follows
    // with the indexes made.
    await appendStockLog(store, {
      companies: 1,
      itemsPerCompany: 4,
      movementsPerItem: 10,
      locations: 2,
      chunk: 5,
      concurrency: 2,
      items: catalogItems(store, { billedShare: 0.2 }),
    });
    await caughtUp();
    await expect.poll(deferredNames, { timeout: 60_000, interval: 20 }).toEqual([]);
    expect(deferredBy.sort()).toEqual(PROJECTIONS.map((p) => p.name).sort());
    expect(await liveIndexes()).toEqual(indexesBefore);
    expect(await verified()).toBe(0);
  });

  it('goes on without its indexes after being stopped half-way, and makes them at the head', async () => {
    // The stock build is held after its third batch, then the worker is stopped: a kill's state.
    let batches = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reachedHold!: () => void;
    const holding = new Promise<void>((resolve) => {
      reachedHold = resolve;
    });
    const holdingStock: Projection = {
      ...stockProjection,
      async apply(client, events, target) {
        if (++batches === 3) {
          reachedHold();
          await held;
        }
        await stockProjection.apply(client, events, target);
      },
    };
    const first = start({ projections: [holdingStock] });
    await holding;
    const stopped = first.close();
    release();
    await stopped;
    expect((await deferredNames()).length).toBeGreaterThan(2);
    expect(await liveIndexes()).not.toEqual(indexesBefore);

    // Resumed with a threshold it would no longer meet from where it stands: it goes on as it was.
    start({ projections: PROJECTIONS, deferIndexesFromEvents: Number.MAX_SAFE_INTEGER });
    await caughtUp();
    await expect.poll(deferredNames, { timeout: 60_000, interval: 20 }).toEqual([]);
    expect(await liveIndexes()).toEqual(indexesBefore);
    expect(await verified()).toBe(0);
  });

  it('shares one deferral between partitioned workers, which make the indexes once', async () => {
    const partition = (index: number) => ({ index, count: 2 });
    const builds = (index: number) =>
      PROJECTIONS.map((p) => ({
        projection: partitioned(p, partition(index)),
        target: { schema: LIVE_SCHEMA, checkpointName: partitionCheckpointName(p.name, partition(index)) },
      }));
    start({ projections: builds(0) });
    start({ projections: builds(1) });
    const head = (await store.readHead()).checkpoint;
    for (const index of [0, 1])
      for (const { target } of builds(index))
        await waitForProjection(db.pool, target.checkpointName, head, { timeoutMs: 60_000 });
    await waitUntilIndexesMade(db.pool, { timeoutMs: 60_000 });
    expect(await liveIndexes()).toEqual(indexesBefore);
    const { rows } = await db.pool.query<{ movimentos: number; eventos: number }>(
      `SELECT (SELECT count(*) FROM estoque_movimentos)::int AS movimentos,
              (SELECT count(*) FROM events WHERE type = 'MovimentoRegistrado.v1')::int AS eventos`,
    );
    expect(rows[0]!.eventos).toBeGreaterThan(100);
    expect(rows[0]!.movimentos).toBe(rows[0]!.eventos);
  });
});
