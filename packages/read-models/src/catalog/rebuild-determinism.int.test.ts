import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomStep, seedCatalog } from '../../test/catalog/catalog-workload.fixture.js';
import { CatalogWriter } from '../../test/catalog/catalog-writer.fixture.js';
import { createShadowTables } from '../../test/projector/shadow-tables.js';
import { qualifiedTable } from '../projector/projection.js';
import { startProjector } from '../projector/projector.js';
import { waitUntilCaughtUp } from '../projector/wait-for-projection.js';
import { CATALOG_TABLES, catalogProjection } from './catalog-projection.js';

const ORDER: Record<(typeof CATALOG_TABLES)[number], string> = {
  catalogo_produtos: 'empresa_id, id',
  catalogo_insumos: 'empresa_id, id',
  catalogo_insumo_locais: 'empresa_id, insumo_id, local_id',
  catalogo_fornecedores: 'empresa_id, id',
  catalogo_fichas: 'empresa_id, produto_id',
  catalogo_ficha_linhas: 'empresa_id, produto_id, ordem',
};

// Invariant 6 for the catalog: rebuilds from position zero into shadow tables, one event per
// batch and everything in one batch, yield exactly the rows the live projection built in
// batches of 7 while concurrent writers were appending (event instants out of order included).
// Costs and atualizado_em are decided event by event, so batch boundaries cannot show.
describeWith(['postgres'], 'catalog projection rebuild', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool });
  });
  afterAll(() => store.close());

  const dump = async (schema: string, table: (typeof CATALOG_TABLES)[number]) =>
    (
      await db.pool.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${qualifiedTable(schema, table)} t ORDER BY ${ORDER[table]}`,
      )
    ).rows.map((r) => r.row);

  const rebuild = async (schema: string, batchSize: number) => {
    const target = await createShadowTables(db.pool, catalogProjection, schema);
    const worker = startProjector({
      pool: db.pool,
      eventStore: store,
      projections: [{ projection: catalogProjection, target }],
      batchSize,
    });
    await waitUntilCaughtUp(db.pool, store, target.checkpointName, { timeoutMs: 30_000 });
    await worker.close();
  };

  it('rebuilds the same rows, byte for byte, whatever the batch boundaries', async () => {
    const live = startProjector({
      pool: db.pool,
      eventStore: store,
      projections: [catalogProjection],
      batchSize: 7,
      pollIntervalMs: 50,
    });
    await Promise.all(
      [randomUUID(), randomUUID()].map(async (empresa) => {
        const w = new CatalogWriter(store, empresa);
        const workload = await seedCatalog(w, { items: 6, products: 10 });
        await w.fornecedor({ nome: 'F', regime: 'simples' });
        await Promise.all(
          [0, 1].map(async () => {
            for (let i = 0; i < 70; i++) await randomStep(w, workload, 5_000);
          }),
        );
      }),
    );
    await waitUntilCaughtUp(db.pool, store, 'catalogo', { timeoutMs: 30_000 });
    await live.close();

    await rebuild('rebuild_um', 1);
    await rebuild('rebuild_todos', 5000);
    for (const table of CATALOG_TABLES) {
      const rows = await dump('public', table);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(await dump('rebuild_um', table), table).toEqual(rows);
      expect(await dump('rebuild_todos', table), table).toEqual(rows);
    }
  }, 60_000);
});
