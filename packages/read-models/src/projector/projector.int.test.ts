import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { appendInTransaction } from '@factory/event-store/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  COUNTED,
  counted,
  countingProjection,
  createCountingTables,
  POISON,
} from '../../test/projector/counting-projection.fixture.js';
import { readCheckpoint } from './checkpoints.js';
import { type Projector, startProjector } from './projector.js';
import { waitUntilCaughtUp } from './wait-for-projection.js';

const EMPRESA = randomUUID();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWith(['postgres'], 'projector worker', () => {
  let db: TestDatabase;
  let store: EventStore;
  const running: Projector[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool });
    await createCountingTables(db.pool);
  });
  beforeEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.close()));
    await store.close();
  });

  const start = (options: Partial<Parameters<typeof startProjector>[0]> = {}) => {
    const projector = startProjector({
      pool: db.pool,
      eventStore: store,
      projections: [countingProjection()],
      batchSize: 10,
      watermarkIntervalMs: 30,
      ...options,
    });
    running.push(projector);
    return projector;
  };
  const append = (type = COUNTED, stream = `teste-${EMPRESA}-${randomUUID()}`) =>
    store.appendToStream(stream, [{ id: randomUUID(), type, data: {} }], { expectedRevision: 'any' });
  const caughtUp = () => waitUntilCaughtUp(db.pool, store, 'contagem', { timeoutMs: 20_000 });

  it('applies every event exactly once while two workers race for the same projection', async () => {
    const before = await counted(db.pool);
    let moved = 0;
    const log = { info: () => void moved++, warn: () => undefined, error: () => undefined };
    start({ log });
    start({ log });
    const streams = Array.from({ length: 20 }, () => `teste-${EMPRESA}-${randomUUID()}`);
    await Promise.all(
      streams.map(async (stream) => {
        for (let i = 0; i < 60; i++) await append(COUNTED, stream);
      }),
    );
    await caughtUp();
    const after = await counted(db.pool);
    expect(after.total - before.total).toBe(1200);
    expect(after.rows).toBe(after.distinct);
    expect(after.rows - before.rows).toBe(1200);
    expect(moved).toBeGreaterThan(0); // the race did happen: losers found the checkpoint moved
  });

  it('rolls a failing batch back with its checkpoint, then resumes from the stored checkpoint', async () => {
    const failing = { poison: true };
    start({ projections: [countingProjection(failing)], batchSize: 1000 });
    await caughtUp();
    const before = await counted(db.pool);
    const stored = await readCheckpoint(db.pool, 'contagem');
    // One append, one transaction: both events land in the same batch.
    await store.appendToStream(
      `teste-${EMPRESA}-${randomUUID()}`,
      [
        { id: randomUUID(), type: COUNTED, data: {} },
        { id: randomUUID(), type: POISON, data: {} },
      ],
      { expectedRevision: 'no_stream' },
    );
    await sleep(300);
    expect(await counted(db.pool)).toEqual(before);
    expect((await readCheckpoint(db.pool, 'contagem'))?.checkpoint).toEqual(stored?.checkpoint);
    failing.poison = false;
    await caughtUp();
    const after = await counted(db.pool);
    expect(after.total - before.total).toBe(2);
    expect(after.rows).toBe(after.distinct);
  });

  it('moves the checkpoint over events it does not handle', async () => {
    start();
    const before = await counted(db.pool);
    for (let i = 0; i < 25; i++) await append('Outro.v1');
    await caughtUp();
    expect(await counted(db.pool)).toEqual(before);
  });

  it('records the watermark only for instants at which everything committed was applied', async () => {
    start();
    await append();
    const appended = new Date();
    await caughtUp();
    await expect
      .poll(async () => (await readCheckpoint(db.pool, 'contagem'))!.watermark!.getTime())
      .toBeGreaterThanOrEqual(appended.getTime());

    // A transaction left open holds the log's readable horizon: a later commit is in the log's
    // head but cannot be read, so the projector is not at the head and the watermark waits.
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await appendInTransaction(
        client,
        `teste-${EMPRESA}-${randomUUID()}`,
        [{ id: randomUUID(), type: COUNTED, data: {} }],
        { expectedRevision: 'no_stream' },
      );
      await append();
      const committed = new Date();
      await sleep(400);
      expect((await readCheckpoint(db.pool, 'contagem'))!.watermark!.getTime()).toBeLessThanOrEqual(
        committed.getTime(),
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const released = new Date();
    await caughtUp();
    await expect
      .poll(async () => (await readCheckpoint(db.pool, 'contagem'))!.watermark!.getTime())
      .toBeGreaterThanOrEqual(released.getTime());
  });

  it('keeps the watermark moving under a steady load, through heads reached by later batches', async () => {
    start({ watermarkIntervalMs: 20 });
    // Appends never stop until the watermark has passed an instant taken after the load began;
    // the bound only ends a watermark that is stuck (a busy machine just takes more rounds).
    const started = Date.now();
    const target = started + 500;
    let last = 0;
    let rounds = 0;
    while ((last <= target || rounds < 20) && Date.now() < started + 60_000) {
      await append();
      rounds++;
      const watermark = (await readCheckpoint(db.pool, 'contagem'))!.watermark!.getTime();
      expect(watermark).toBeGreaterThanOrEqual(last);
      last = watermark;
    }
    expect(last).toBeGreaterThan(target);
  }, 90_000);
});
