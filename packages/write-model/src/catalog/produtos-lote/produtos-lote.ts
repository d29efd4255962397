import { type ProdutoItem, produtoDecider, type SalvarProduto } from '@factory/domain';
import { isoInstant } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { SaveOutcome } from '../catalog-outcome.js';
import { productStream } from '../catalog-streams.js';
import { type CommandIds, commandIds } from '../command-ids.js';
import { type ProductSaveFacts, productSaveFacts } from '../product-lookups.js';
import { productKeys, productRows } from '../product-rows.js';
import { runCatalogCommand } from '../run-catalog-command.js';
import { saveOutcome } from '../save-outcome.js';

/**
 * Upserts one product item: matched by the company's non-deleted product with its SKU, else
 * created with a new id. An item sending `variacao` changes a group, which other items read:
 * decided again behind the company's relations fence.
 */
export async function produtosLoteItem(
  deps: CatalogDeps,
  context: CatalogWriteContext,
  received: Readonly<Record<string, unknown>>,
): Promise<SaveOutcome> {
  // The decider checks every value; the type only names the keys it reads.
  const item = received as ProdutoItem;
  const { empresaId } = context;
  const ids = commandIds(context, context.part ?? 'SalvarProduto');
  const run = await runCatalogCommand(deps, context, ids, {
    decider: produtoDecider,
    snapshots: deps.snapshots.product,
    stream: (id) => productStream(empresaId, id),
    async resolve(db, known) {
      return salvarProduto(context, ids, item, await productSaveFacts(db, empresaId, item, known));
    },
    rows: (events) => productRows(empresaId, events),
    keys: (events, decidedOn) => productKeys(empresaId, events, decidedOn),
    relational: Object.hasOwn(item, 'variacao'),
  });
  return saveOutcome(run);
}

/** The item's product (the one its facts found, else a new id) and its command. */
export function salvarProduto(
  context: CatalogWriteContext,
  ids: CommandIds,
  item: ProdutoItem,
  facts: ProductSaveFacts,
): { id: string; command: SalvarProduto } {
  const id = facts.produtoId ?? ids.minted('produto');
  const command: SalvarProduto = {
    type: 'SalvarProduto',
    data: { produto_id: id, item, agora: isoInstant(context.now) },
    context: { ...facts.context, canReadCosts: context.canReadCosts },
  };
  return { id, command };
}
