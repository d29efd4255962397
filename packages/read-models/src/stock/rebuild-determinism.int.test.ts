import { randomInt, randomUUID } from 'node:crypto';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createShadowTables } from '../../test/projector/shadow-tables.js';
import { StockWriter } from '../../test/stock/stock-writer.fixture.js';
import { qualifiedTable } from '../projector/projection.js';
import { startProjector } from '../projector/projector.js';
import { waitUntilCaughtUp } from '../projector/wait-for-projection.js';
import { STOCK_TABLES, stockProjection } from './stock-projection.js';

const ORDER: Record<(typeof STOCK_TABLES)[number], string> = {
  estoque_movimentos: 'empresa_id, id',
  estoque_saldos: 'empresa_id, insumo_id, local_id',
  estoque_itens: 'empresa_id, insumo_id',
};

// Invariant 6: a rebuild from position zero into shadow tables, with other batch boundaries,
// yields exactly the rows the live projection built while the writes were happening.
describeWith(['postgres'], 'stock projection rebuild', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool });
  });
  afterAll(() => store.close());

  const dump = async (schema: string, table: (typeof STOCK_TABLES)[number]) =>
    (
      await db.pool.query<{ row: string }>(
        // As JSON text: numerics and timestamps compared exactly, not as JavaScript numbers and dates.
        `SELECT row_to_json(t)::text AS row FROM ${qualifiedTable(schema, table)} t ORDER BY ${ORDER[table]}`,
      )
    ).rows.map((r) => r.row);

  it('rebuilds the same rows, byte for byte', async () => {
    const live = startProjector({
      pool: db.pool,
      eventStore: store,
      projections: [stockProjection],
      batchSize: 7,
    });
    await Promise.all(
      [randomUUID(), randomUUID()].map(async (empresa) => {
        const writer = new StockWriter(store, empresa);
        const locais = [randomUUID(), randomUUID(), randomUUID()];
        const items = await Promise.all(Array.from({ length: 4 }, () => writer.defineItem()));
        await Promise.all(
          items.map(async (insumo) => {
            const reversible: string[] = [];
            for (let i = 0; i < 60; i++) {
              const local = locais[randomInt(locais.length)]!;
              if (reversible.length > 0 && randomInt(8) === 0) {
                await writer.reverse(insumo, reversible.splice(randomInt(reversible.length), 1)[0]!);
                continue;
              }
              const quantity = randomInt(8) === 0 ? -randomInt(1, 20) : randomInt(1, 20);
              const cost = randomInt(3) === 0 ? null : `${randomInt(1, 5000)}.${randomInt(100)}`;
              const event = await writer.move(insumo, local, quantity, {
                custo_unitario: quantity > 0 ? cost : null,
              });
              reversible.push(event.data.movimento_id);
            }
          }),
        );
      }),
    );
    await waitUntilCaughtUp(db.pool, store, 'estoque');
    await live.close();

    const target = await createShadowTables(db.pool, stockProjection, 'rebuild_estoque');
    const rebuild = startProjector({
      pool: db.pool,
      eventStore: store,
      projections: [{ projection: stockProjection, target }],
      batchSize: 500,
    });
    await waitUntilCaughtUp(db.pool, store, target.checkpointName);
    await rebuild.close();

    for (const table of STOCK_TABLES) {
      const rows = await dump('public', table);
      expect(rows.length).toBeGreaterThan(0);
      expect(await dump('rebuild_estoque', table)).toEqual(rows);
    }
  });
});
