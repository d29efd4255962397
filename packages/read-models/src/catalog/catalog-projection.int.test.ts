import { randomUUID } from 'node:crypto';
import { inTransaction } from '@factory/database';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogDb, createCatalogDb } from '../../test/catalog/catalog-db.fixture.js';
import { randomStep, seedCatalog } from '../../test/catalog/catalog-workload.fixture.js';
import { StockWriter } from '../../test/stock/stock-writer.fixture.js';
import { liveTarget } from '../projector/projection.js';
import { CATALOG_EVENTS } from './catalog-events.js';
import { CATALOG_TABLES, catalogProjection } from './catalog-projection.js';

const T0 = Date.parse('2025-03-01T12:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

describeWith(['postgres'], 'catalog projection', () => {
  let c: CatalogDb;
  beforeAll(async () => {
    c = await createCatalogDb();
  });

  const dump = async () => {
    const tables: Record<string, string[]> = {};
    for (const table of CATALOG_TABLES)
      tables[table] = (
        await c.db.pool.query<{ row: string }>(
          `SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY 1`,
        )
      ).rows.map((r) => r.row);
    return tables;
  };

  it('moves atualizado_em for every shown change of a record, and for nothing else', async () => {
    const w = c.company();
    const p = await w.produto({ sku: 'A', nome: 'A', apelidos: ['z', 'b'] }, at(1));
    await w.produto({ sku: 'A', nome: 'A2' }, at(2));
    await w.produto({ sku: 'A', nome: 'A2' }, at(3)); // changes nothing: no event
    const f = await w.fornecedor({ nome: 'F', cnpj: '52998224725', contato_nome: 'Ana' }, at(1));
    await w.fornecedor({ id: f, contato_nome: 'Bia', email_xml: 'x@y.com' }, at(2)); // never shown
    await w.fornecedor({ id: f, ativo: false }, at(3));
    await w.excluirFornecedor(f, at(4));
    await c.settled();
    expect(await c.row('catalogo_produtos', w.empresaId, p)).toMatchObject({
      nome: 'A2',
      apelidos: ['b', 'z'],
      criado_em: new Date(at(1)),
      atualizado_em: new Date(at(2)),
    });
    const supplier = await c.row('catalogo_fornecedores', w.empresaId, f);
    expect(supplier).toMatchObject({
      cnpj: null,
      ativo: false,
      atualizado_em: new Date(at(4)),
      excluido_em: new Date(at(4)),
    });
    expect(JSON.stringify(supplier)).not.toMatch(/52998224725|Ana|Bia|x@y/);
  });

  it('keeps the stock of items the catalog never registered apart, without failing', async () => {
    const empresa = randomUUID();
    const stock = new StockWriter(c.store, empresa);
    const item = await stock.defineItem();
    await stock.move(item, randomUUID(), 5, { custo_unitario: 3 });
    await c.settled();
    const rows = await c.db.pool.query('SELECT saldo FROM catalogo_insumo_locais WHERE empresa_id = $1', [
      empresa,
    ]);
    expect(rows.rows).toEqual([{ saldo: 5 }]);
    const items = await c.db.pool.query('SELECT 1 FROM catalogo_insumos WHERE empresa_id = $1', [empresa]);
    expect(items.rows).toEqual([]);
  });

  it('applying the whole log again leaves every row as it is', async () => {
    const w = c.company();
    const workload = await seedCatalog(w, { items: 4, products: 6 });
    for (let i = 0; i < 40; i++) await randomStep(w, workload);
    await c.settled();
    const before = await dump();
    const events = (await c.store.readAll({ limit: 100_000 })).filter((e) =>
      (CATALOG_EVENTS as readonly string[]).includes(e.type),
    );
    await inTransaction(c.db.pool, (client) =>
      catalogProjection.apply(client, events, liveTarget(catalogProjection)),
    );
    expect(await dump()).toEqual(before);
  });
});
