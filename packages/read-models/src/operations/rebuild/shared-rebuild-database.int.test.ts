import type { Pool } from '@factory/database';
import type { EventStore } from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { SharedRebuildDatabase } from './shared-rebuild-database.js';

describeWith(['postgres'], 'the database the rebuilds running at once share', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it('gives overlapping rebuilds one pool and one event store, ended by the last of them', async () => {
    const shared = new SharedRebuildDatabase(db.url, 3);
    const seen: Array<{ pool: Pool; eventStore: EventStore }> = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = shared.use(async (pool, eventStore) => {
      seen.push({ pool, eventStore });
      await firstHeld;
      // Still usable while the second has already finished.
      return (await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one;
    });
    const second = await shared.use(async (pool, eventStore) => {
      seen.push({ pool, eventStore });
      return (await eventStore.readHead()).checkpoint.position;
    });
    expect(second).toBe(0);
    releaseFirst();
    expect(await first).toBe(1);
    expect(seen[0]!.pool).toBe(seen[1]!.pool);
    expect(seen[0]!.eventStore).toBe(seen[1]!.eventStore);
    expect(seen[0]!.pool.ended).toBe(true);

    // The next rebuild after them all gets a new pool.
    const later = await shared.use(async (pool) => pool);
    expect(later).not.toBe(seen[0]!.pool);
    expect(later.ended).toBe(true);
  });

  it('starts the rebuilds using it together: each waits until the others are ready or gone', async () => {
    const shared = new SharedRebuildDatabase(db.url, 3);
    const order: string[] = [];
    let readyB!: () => void;
    const bReady = new Promise<void>((resolve) => {
      readyB = resolve;
    });
    let endC!: () => void;
    const cEnds = new Promise<void>((resolve) => {
      endC = resolve;
    });
    // Long enough that only the others can let the first start.
    // Each rebuild prepares its version first (a round trip): the others have joined by then.
    const a = shared.use(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await shared.startTogether(600_000);
      order.push('a starts');
    });
    const b = shared.use(async () => {
      await bReady;
      order.push('b ready');
      await shared.startTogether(600_000);
      order.push('b starts');
    });
    const c = shared.use(async () => {
      await cEnds;
      order.push('c gone');
    });
    await new Promise((resolve) => setImmediate(resolve));
    readyB();
    await new Promise((resolve) => setImmediate(resolve));
    // c never starts reading: a and b go once it is gone.
    endC();
    await Promise.all([a, b, c]);
    expect(order.slice(0, 2)).toEqual(['b ready', 'c gone']);
    expect(order.slice(2).sort()).toEqual(['a starts', 'b starts']);
  });
});
