import { inTransaction, type PoolClient } from '@factory/database';
import { createPostgresEventStore, type EventStore, type RecordedEvent } from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogItems } from '../../test/catalog/catalog-items.fixture.js';
import { appendStockLog } from '../../test/stock/stock-load.fixture.js';
import { catalogProjection } from '../catalog/catalog-projection.js';
import { stockProjection } from '../stock/stock-projection.js';
import type { Projection } from './projection.js';
import { copyTableShapes } from './shadow-tables.js';

/** Events of the same types in the same proportions as the log, `size` of them, in log order. */
function batchOf(handled: readonly RecordedEvent[], size: number): RecordedEvent[] {
  const byType = new Map<string, RecordedEvent[]>();
  for (const event of handled) byType.set(event.type, [...(byType.get(event.type) ?? []), event]);
  const picked = new Set<RecordedEvent>();
  // Every type at least once, then round-robin over the types until the batch is full.
  for (let round = 0; picked.size < size; round++)
    for (const events of byType.values())
      if (round < events.length && picked.size < size) picked.add(events[round]!);
  return handled.filter((e) => picked.has(e));
}

/** The statements one batch's stage and apply send, on a fresh copy of the projection's tables. */
async function statementsFor(db: TestDatabase, projection: Projection, events: readonly RecordedEvent[]) {
  const schema = `statements_${projection.name}_${events.length}`;
  let statements = 0;
  await inTransaction(db.pool, async (client) => {
    await copyTableShapes(client, projection, schema);
    const counting = new Proxy(client, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver);
        return (...args: Parameters<PoolClient['query']>) => {
          statements++;
          return (target.query as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const target = { schema, checkpointName: schema };
    await projection.stage?.(counting, events, target);
    await projection.apply(counting, events, target);
    await client.query(`DROP SCHEMA "${schema}" CASCADE`);
  });
  return statements;
}

// Issue 24: a projection applies a batch with a constant number of statements, not one per event
// or per row: a batch of 10 events and one of 1,000 (the same types) send the same statements.
describeWith(['postgres'], 'statements per batch', () => {
  let db: TestDatabase;
  let store: EventStore;
  let log: RecordedEvent[];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool, listen: null });
    // Items registered through the catalog, a fifth of them in bills (and kits over those), and
    // movements over several locations: every statement of both projections has rows to write.
    await appendStockLog(store, {
      companies: 2,
      itemsPerCompany: 10,
      movementsPerItem: 60,
      locations: 3,
      chunk: 20,
      concurrency: 4,
      items: catalogItems(store, { billedShare: 0.2 }),
    });
    // The log is readable once every older transaction on the server has ended (read-all.ts).
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    for (const deadline = Date.now() + 60_000; ; ) {
      log = await store.readAll({ limit: 10_000 });
      if (log.length === rows[0]!.n || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);
  afterAll(async () => {
    await store.close();
  });

  for (const projection of [stockProjection, catalogProjection])
    it(`${projection.name}: a batch of 10 and one of 1,000 events send as many statements`, async () => {
      const handled = log.filter((e) => projection.handles.includes(e.type));
      expect(handled.length).toBeGreaterThan(1000);
      const small = batchOf(handled, 10);
      const large = batchOf(handled, 1000);
      expect(new Set(small.map((e) => e.type))).toEqual(new Set(large.map((e) => e.type)));
      const [few, many] = [
        await statementsFor(db, projection, small),
        await statementsFor(db, projection, large),
      ];
      expect(few).toBeGreaterThan(0);
      expect(many).toBe(few);
    });
});
