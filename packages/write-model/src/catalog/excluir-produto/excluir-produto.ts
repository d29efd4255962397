import { type ExcluirProduto, type ProdutoState, produtoDecider } from '@factory/domain';
import { isoInstant } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { DeleteOutcome } from '../catalog-outcome.js';
import { productStream } from '../catalog-streams.js';
import { commandIds } from '../command-ids.js';
import { deleteOutcome } from '../delete-outcome.js';
import { productKeys, productRows } from '../product-rows.js';
import { runCatalogCommand } from '../run-catalog-command.js';
import { activeBillsUsing } from '../tables/active-bills-table.js';
import { groupMembersOf } from '../tables/products-table.js';

/**
 * Deletes a product unless another product's active bill uses it or it heads a variation
 * group with other products in it. Both are read again behind the company's relations fence, so a bill
 * gaining this product, or a product joining its group, meanwhile is seen.
 */
export async function excluirProduto(
  deps: CatalogDeps,
  context: CatalogWriteContext,
  produtoId: string,
): Promise<DeleteOutcome> {
  const { empresaId } = context;
  const run = await runCatalogCommand(deps, context, commandIds(context, context.part ?? 'ExcluirProduto'), {
    decider: produtoDecider,
    snapshots: deps.snapshots.product,
    stream: (id) => productStream(empresaId, id),
    async resolve(db) {
      const command: ExcluirProduto = {
        type: 'ExcluirProduto',
        data: { produto_id: produtoId, agora: isoInstant(context.now) },
        context: {
          usedBy: await activeBillsUsing(db, empresaId, 'componente_id', produtoId),
          groupMembers: await groupMembersOf(db, empresaId, produtoId),
        },
      };
      return { id: produtoId, command };
    },
    rows: (events) => productRows(empresaId, events),
    keys: (events, decidedOn) => productKeys(empresaId, events, decidedOn),
    relational: true,
  });
  return deleteOutcome(run, (state: ProdutoState) => state.excluidoEm);
}
