import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { catalogWriteScene } from '../../../test/catalog-scene.js';

describeWith(['postgres'], 'catalog product tables', () => {
  const scene = catalogWriteScene();

  it('keeps the product index in step with the log: SKU, aliases, variation, bill lines', async () => {
    const s = scene.sku();
    const id = await scene.saveProduct({
      sku: s,
      apelidos: ['B', 'A'],
      variacao: { base_sku: s, eixos: ['cor'] },
    });
    const parte = await scene.saveProduct({});
    expect(
      await scene.query(
        'SELECT sku, grupo_id, ficha_versao, excluido_em FROM catalog_products WHERE produto_id = $1',
        [id],
      ),
    ).toEqual([{ sku: s, grupo_id: id, ficha_versao: null, excluido_em: null }]);
    await scene.saveProduct({ sku: s, apelidos: ['C', 'A'] });
    const aliases = await scene.query(
      'SELECT apelido FROM catalog_product_aliases WHERE produto_id = $1 ORDER BY apelido',
      [id],
    );
    expect(aliases.map((r) => r.apelido)).toEqual(['A', 'C']);
    const bill = await scene.catalog.substituirFicha(scene.context, id, [
      { tipo: 'produto', componente_id: parte, consumo: 2 },
    ]);
    expect(bill.ok).toBe(true);
    expect(
      await scene.query(
        'SELECT versao, componente_id, consumo::text FROM catalog_bill_lines WHERE produto_id = $1',
        [id],
      ),
    ).toEqual([{ versao: 1, componente_id: parte, consumo: '2' }]);
    expect((await scene.catalog.excluirProduto(scene.context, id)).ok).toBe(true);
    expect(await scene.query('SELECT 1 FROM catalog_bill_lines WHERE produto_id = $1', [id])).toEqual([]);
    expect(await scene.query('SELECT 1 FROM catalog_product_aliases WHERE produto_id = $1', [id])).toEqual(
      [],
    );
    expect(
      await scene.query(
        'SELECT ficha_versao, excluido_em IS NOT NULL AS gone FROM catalog_products WHERE produto_id = $1',
        [id],
      ),
    ).toEqual([{ ficha_versao: null, gone: true }]);
  });
});
