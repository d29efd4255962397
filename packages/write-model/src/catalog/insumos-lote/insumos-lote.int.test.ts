import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { catalogWriteScene } from '../../../test/catalog-scene.js';
import { createStockWriteModel } from '../../stock/stock-write-model.js';

describeWith(['postgres'], 'insumosLoteItem', () => {
  const scene = catalogWriteScene();

  it('decides a supply item from its catalog snapshot, movements included', async () => {
    const item = {
      sku: scene.sku(),
      nome: 'Linha',
      unidade_compra: 'cx',
      unidade_consumo: 'un',
      fator_conversao: 12,
    };
    const saved = await scene.catalog.insumosLoteItem(scene.context, item);
    if (!saved.ok) throw new Error('not saved');
    const stock = createStockWriteModel({ pool: scene.db.pool });
    for (let i = 0; i < 30; i++)
      await stock.registrarMovimento(scene.context, {
        insumo_id: saved.id,
        local_id: scene.localId,
        tipo: 'ajuste',
        quantidade: 1,
      });
    expect(
      await scene.catalog.insumosLoteItem(scene.context, { sku: item.sku, nome: 'Linha 2' }),
    ).toMatchObject({
      ok: true,
    });
    const stream = `estoque-${scene.context.empresaId}-${saved.id}`;
    expect(
      await scene.query("SELECT revision FROM event_store_snapshots WHERE kind = 'catalog' AND stream = $1", [
        stream,
      ]),
    ).toEqual([{ revision: 32 }]);
    // From the snapshot: the item has movements, so its units are frozen.
    expect(
      await scene.catalog.insumosLoteItem(scene.context, { sku: item.sku, fator_conversao: 6 }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'validation', campo: 'fator_conversao' },
    });
  });
});
