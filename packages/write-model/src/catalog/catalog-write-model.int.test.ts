import { randomUUID } from 'node:crypto';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { createStockWriteModel } from '../stock/stock-write-model.js';
import type { CatalogWriteContext } from './catalog-context.js';
import { type CatalogWriteModel, createCatalogWriteModel } from './catalog-write-model.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describeWith(['postgres'], 'catalog write model', () => {
  let db: TestDatabase;
  let catalog: CatalogWriteModel;
  let context: CatalogWriteContext;
  let localId: string;
  const sku = () => `S-${randomUUID().slice(0, 8)}`;
  const query = async (text: string, values: unknown[]) => (await db.pool.query(text, values)).rows;

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 6 });
    catalog = createCatalogWriteModel({ pool: db.pool });
    const tenant = await createTenantFixture(db.pool, { escopos: ['produtos:escrever'], now: NOW });
    localId = tenant.locais[0]!.id;
    context = {
      empresaId: tenant.empresaId,
      tokenId: tenant.tokenId,
      requestId: null,
      idempotencyKey: null,
      now: NOW,
      canReadCosts: true,
    };
  });

  const produtosLoteItem = async (item: Record<string, unknown>) => {
    const outcome = await catalog.produtosLoteItem(context, { nome: 'P', ...item, sku: item.sku ?? sku() });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
    return outcome.id;
  };

  it('keeps the product index in step with the log: SKU, aliases, variation, bill lines', async () => {
    const s = sku();
    const id = await produtosLoteItem({
      sku: s,
      apelidos: ['B', 'A'],
      variacao: { base_sku: s, eixos: ['cor'] },
    });
    const parte = await produtosLoteItem({});
    expect(
      await query(
        'SELECT sku, grupo_id, ficha_versao, excluido_em FROM catalog_products WHERE produto_id = $1',
        [id],
      ),
    ).toEqual([{ sku: s, grupo_id: id, ficha_versao: null, excluido_em: null }]);
    await produtosLoteItem({ sku: s, apelidos: ['C', 'A'] });
    const aliases = await query(
      'SELECT apelido FROM catalog_product_aliases WHERE produto_id = $1 ORDER BY apelido',
      [id],
    );
    expect(aliases.map((r) => r.apelido)).toEqual(['A', 'C']);
    const bill = await catalog.substituirFicha(context, id, [
      { tipo: 'produto', componente_id: parte, consumo: 2 },
    ]);
    expect(bill.ok).toBe(true);
    expect(
      await query(
        'SELECT versao, componente_id, consumo::text FROM catalog_bill_lines WHERE produto_id = $1',
        [id],
      ),
    ).toEqual([{ versao: 1, componente_id: parte, consumo: '2' }]);
    expect((await catalog.excluirProduto(context, id)).ok).toBe(true);
    expect(await query('SELECT 1 FROM catalog_bill_lines WHERE produto_id = $1', [id])).toEqual([]);
    expect(await query('SELECT 1 FROM catalog_product_aliases WHERE produto_id = $1', [id])).toEqual([]);
    expect(
      await query(
        'SELECT ficha_versao, excluido_em IS NOT NULL AS gone FROM catalog_products WHERE produto_id = $1',
        [id],
      ),
    ).toEqual([{ ficha_versao: null, gone: true }]);
  });

  it('answers a retried PUT (same token and key) with the first version, appending once', async () => {
    const kit = await produtosLoteItem({});
    const parte = await produtosLoteItem({});
    const keyed = { ...context, idempotencyKey: `k-${randomUUID()}` };
    const lines = [{ tipo: 'produto', componente_id: parte, consumo: 1 }];
    const first = await catalog.substituirFicha(keyed, kit, lines);
    const retried = await catalog.substituirFicha(keyed, kit, lines);
    expect(retried).toEqual(first);
    const stream = `produto-${context.empresaId}-${kit}`;
    expect(
      await query(
        `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'FichaDefinida.v1'`,
        [stream],
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('decides a supply item from its catalog snapshot, movements included', async () => {
    const item = {
      sku: sku(),
      nome: 'Linha',
      unidade_compra: 'cx',
      unidade_consumo: 'un',
      fator_conversao: 12,
    };
    const saved = await catalog.insumosLoteItem(context, item);
    if (!saved.ok) throw new Error('not saved');
    const stock = createStockWriteModel({ pool: db.pool });
    for (let i = 0; i < 30; i++)
      await stock.registrarMovimento(context, {
        insumo_id: saved.id,
        local_id: localId,
        tipo: 'ajuste',
        quantidade: 1,
      });
    expect(await catalog.insumosLoteItem(context, { sku: item.sku, nome: 'Linha 2' })).toMatchObject({
      ok: true,
    });
    const stream = `estoque-${context.empresaId}-${saved.id}`;
    expect(
      await query("SELECT revision FROM event_store_snapshots WHERE kind = 'catalog' AND stream = $1", [
        stream,
      ]),
    ).toEqual([{ revision: 32 }]);
    // From the snapshot: the item has movements, so its units are frozen.
    expect(await catalog.insumosLoteItem(context, { sku: item.sku, fator_conversao: 6 })).toMatchObject({
      ok: false,
      error: { kind: 'validation', campo: 'fator_conversao' },
    });
  });

  it('never lets a record of another company be found', async () => {
    const id = await produtosLoteItem({});
    const other = { ...context, empresaId: (await createTenantFixture(db.pool, { escopos: [] })).empresaId };
    expect(await catalog.excluirProduto(other, id)).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
    expect(await catalog.desativarFicha(other, id)).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });
});
