import { randomUUID } from 'node:crypto';
import {
  createPostgresEventStore,
  type EventStore,
  LOG_START,
  type RecordedEvent,
} from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it, vi } from 'vitest';
import { StockWriter } from '../../test/stock/stock-writer.fixture.js';
import { stockProjection } from '../stock/stock-projection.js';
import { applyBatch, CheckpointMovedError } from './apply-batch.js';
import { ensureCheckpoint, readCheckpoint } from './checkpoints.js';
import { liveTarget } from './projection.js';

// Two workers of one build (the server's projector and a CLI's) applying the same events at once.
describeWith(['postgres'], 'a batch against another worker of the same build', () => {
  let db: TestDatabase;
  let store: EventStore;
  let movements: RecordedEvent[];
  const target = liveTarget(stockProjection);

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 8 });
    store = createPostgresEventStore({ pool: db.pool, listen: null });
    const stock = new StockWriter(store, randomUUID());
    const item = await stock.defineItem();
    const local = randomUUID();
    await stock.move(item, local, 5, { custo_unitario: '2.00' });
    await stock.move(item, local, 3, { custo_unitario: '4.00' });
    await ensureCheckpoint(db.pool, target.checkpointName);
    const log = await store.readAll({ after: LOG_START, limit: 100 });
    movements = log.filter((e) => e.type === 'MovimentoRegistrado.v1');
    expect(movements).toHaveLength(2);
  });

  /** Resolves once some statement of the database waits for a lock, `count` of them in all. */
  const waitersReach = (count: number) =>
    vi.waitFor(
      async () => {
        const { rows } = await db.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        expect(rows[0]!.n).toBeGreaterThanOrEqual(count);
      },
      { timeout: 30_000, interval: 20 },
    );

  it('gives up a wait that closes a circle through the staged batch of the other, and one of them commits', async () => {
    const [first, second] = movements as [RecordedEvent, RecordedEvent];
    const start = (await readCheckpoint(db.pool, target.checkpointName))!.checkpoint;
    // Worker A's second batch stages its ledger row and waits, holding it, for A's first batch.
    let settleAfterFirst: { resolve(): void; reject(error: unknown): void } | undefined;
    const afterFirstOfA = new Promise<void>((resolve, reject) => {
      settleAfterFirst = { resolve, reject };
    });
    const secondOfA = applyBatch(
      db.pool,
      stockProjection,
      target,
      { after: first.checkpoint, events: [second], watermark: null },
      afterFirstOfA,
    );
    await vi.waitFor(
      async () => {
        const { rows } = await db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'idle in transaction'`,
        );
        expect(rows[0]!.n).toBe(1);
      },
      { timeout: 30_000, interval: 20 },
    );
    // Worker B applies both: it writes the first row, then waits for A's staged second row.
    const both = applyBatch(db.pool, stockProjection, target, {
      after: start,
      events: [first, second],
      watermark: null,
    });
    const bothSettled = both.then(
      () => 'committed',
      (error: unknown) => error,
    );
    await waitersReach(1);
    // Worker A's first batch waits for B's first row: a circle PostgreSQL cannot see, as A's
    // second batch waits in this process.
    const firstOfA = applyBatch(db.pool, stockProjection, target, {
      after: start,
      events: [first],
      watermark: null,
    });
    firstOfA.then(() => settleAfterFirst!.resolve(), settleAfterFirst!.reject);
    const outcomes = await Promise.allSettled([firstOfA, secondOfA]);
    const bOutcome = await bothSettled;
    // B's wait was the older: it gave up, and A committed both batches.
    expect(bOutcome).toBeInstanceOf(CheckpointMovedError);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const stored = (await readCheckpoint(db.pool, target.checkpointName))!.checkpoint;
    expect(stored).toEqual(second.checkpoint);
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM estoque_movimentos');
    expect(rows[0]!.n).toBe(2);
  });
});
