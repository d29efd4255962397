// Supply items for bulk stock logs (benchmarks), registered the way the write API registers them,
// with bills consuming a share of them. Not exported by the package.
import type { EventStore } from '@factory/event-store';
import type { ItemStart } from '../stock/stock-load.fixture.js';
import { CatalogWriter } from './catalog-writer.fixture.js';

/**
 * Registers each item through the catalog (InsumoCadastrado.v1 and InsumoDefinido.v1 on its
 * stream) and gives products bills over `billedShare` of them: one product per two such items,
 * and a kit over every five products, so the catalog projection meets items it only records
 * and items whose movements re-cost bills two levels up, as in a factory.
 */
export function catalogItems(store: EventStore, options: { billedShare: number }) {
  return async (empresa: string, count: number): Promise<ItemStart[]> => {
    const w = new CatalogWriter(store, empresa);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await w.insumo({ sku: `I${i}`, custo_referencia: '1' }));
    const billed = ids.slice(0, Math.round(count * options.billedShare));
    const products: string[] = [];
    for (let i = 0; i * 2 < billed.length; i++) {
      const produto = await w.produto({ sku: `P${i}`, nome: `P${i}`, tipo: 'produto' });
      const parts = billed.slice(i * 2, i * 2 + 2);
      await w.ficha(
        produto,
        parts.map((insumo_id) => ({ insumo_id, consumo: '1.5', perda_pct: '0.02' })),
      );
      products.push(produto);
    }
    for (let i = 0; i * 5 < products.length; i++) {
      const kit = await w.produto({ sku: `K${i}`, nome: `K${i}`, tipo: 'kit' });
      await w.ficha(
        kit,
        products.slice(i * 5, i * 5 + 5).map((componente_id) => ({ componente_id, consumo: 2 })),
      );
    }
    const states = new Map(w.insumos.all());
    return ids.map((insumo) => ({
      insumo,
      state: states.get(insumo)!.stock,
      revision: w.insumos.revision(insumo),
    }));
  };
}
