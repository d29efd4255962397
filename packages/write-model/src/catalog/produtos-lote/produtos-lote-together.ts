import {
  type ProdutoCommand,
  type ProdutoEvent,
  type ProdutoItem,
  type ProdutoState,
  produtoDecider,
} from '@factory/domain';
import type { CatalogDeps } from '../catalog-deps.js';
import type { SaveOutcome } from '../catalog-outcome.js';
import { productStream } from '../catalog-streams.js';
import { productsSaveFacts } from '../product-lookups.js';
import { productKeys, productRowsTogether } from '../product-rows.js';
import { saveTogether, type TogetherItem, type TogetherSpec } from '../save-together.js';
import { salvarProduto } from './produtos-lote.js';

export type { TogetherItem } from '../save-together.js';

/**
 * Product items of one batch that read nothing another item writes, as one write
 * (`saveTogether`): one read of their records and keys (`productsSaveFacts`). Per item its
 * outcome, or null where it runs alone (`produtosLoteItem`):
 * - an item sending `variacao` (decided behind the company's relations fence);
 * - every item when the one append did not happen (see saveTogether).
 */
export async function produtosLoteTogether(
  deps: CatalogDeps,
  items: readonly TogetherItem[],
): Promise<Array<SaveOutcome | null>> {
  const plain = items.filter(({ item }) => !Object.hasOwn(item, 'variacao'));
  const outcomes = await saveTogether(deps, plain, products(deps));
  return items.map((item) => outcomes[plain.indexOf(item)] ?? null);
}

const products = (deps: CatalogDeps): TogetherSpec<ProdutoState, ProdutoCommand, ProdutoEvent> => ({
  decider: produtoDecider,
  snapshots: deps.snapshots.product,
  part: 'SalvarProduto',
  async targets(empresaId, items) {
    const facts = await productsSaveFacts(
      deps.pool,
      empresaId,
      items.map(({ item }) => ({ item: item as ProdutoItem, id: null })),
    );
    return items.map(({ context, item, ids }, n) => {
      const { id, command } = salvarProduto(context, ids, item as ProdutoItem, facts[n]!);
      return { id, stream: productStream(empresaId, id), command };
    });
  },
  // The rows go as one set per table, which takes one change per product.
  rows: (empresaId, events) =>
    events.some((e) => e.length > 1) ? null : productRowsTogether(empresaId, events.flat()),
  keys: productKeys,
});
