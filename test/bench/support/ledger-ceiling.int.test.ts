import { randomInt, randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '@factory/event-store';
import { startProjector, stockProjection, waitUntilCaughtUp } from '@factory/read-models';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { StockWriter } from '../../../packages/read-models/test/stock/stock-writer.fixture.js';
import { buildLedgerCeiling, CEILING_SCHEMA, dropLedgerCeiling } from './ledger-ceiling.js';

// The benches' ceiling is a fair one only if its SQL builds the ledger the projection builds.
describeWith(['postgres'], 'the ledger ceiling of the projector benches', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  const dump = async (table: string) =>
    (
      await db.pool.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY empresa_id, id`,
      )
    ).rows.map((r) => r.row);

  const indexColumns = async (table: string) =>
    (
      await db.pool.query<{ columns: string }>(
        `SELECT regexp_replace(pg_get_indexdef(indexrelid), '^.* USING ', '') AS columns
           FROM pg_index WHERE indrelid = $1::regclass ORDER BY 1`,
        [table],
      )
    ).rows.map((r) => r.columns);

  it('builds, straight from the log, the rows and indexes the stock projection builds', async () => {
    const store = createPostgresEventStore({ pool: db.pool });
    try {
      const projector = startProjector({ pool: db.pool, eventStore: store, projections: [stockProjection] });
      const writer = new StockWriter(store, randomUUID());
      const locais = [randomUUID(), randomUUID()];
      for (const insumo of await Promise.all([writer.defineItem(), writer.defineItem()])) {
        const moved: string[] = [];
        for (let i = 0; i < 30; i++) {
          const quantity = randomInt(6) === 0 ? -randomInt(1, 5) : randomInt(1, 20);
          const event = await writer.move(insumo, locais[i % 2]!, quantity, {
            custo_unitario: quantity > 0 ? `${randomInt(1, 900)}.${randomInt(100)}` : null,
          });
          moved.push(event.data.movimento_id);
        }
        await writer.reverse(insumo, moved[3]!);
      }
      await waitUntilCaughtUp(db.pool, store, 'estoque');
      await projector.close();
    } finally {
      await store.close();
    }

    expect(await buildLedgerCeiling(db.pool)).toBe(62);
    const rows = await dump('estoque_movimentos');
    expect(rows).toHaveLength(62);
    const ceiling = `${CEILING_SCHEMA}.estoque_movimentos`;
    expect(await dump(ceiling)).toEqual(rows);
    expect(await indexColumns(ceiling)).toEqual(await indexColumns('estoque_movimentos'));
    await dropLedgerCeiling(db.pool);
    const { rows: left } = await db.pool.query(
      `SELECT 1 FROM projection_deferred_indexes WHERE schema_name = $1
       UNION ALL SELECT 1 FROM pg_namespace WHERE nspname = $1`,
      [CEILING_SCHEMA],
    );
    expect(left).toEqual([]);
  });
});
