import { type Decision, notFound } from '../../stock/commands.js';
import type { FichaDesativada } from '../bill/events.js';
import { inUseRefusal } from '../in-use.js';
import type { ExcluirProduto } from './commands.js';
import type { ProdutoExcluido } from './events.js';
import type { ProdutoState } from './state.js';
import { headWithMembersRefusal } from './variation.js';

/**
 * Deletes a product. Deleting again appends nothing (the route answers the stored
 * `excluido_em`). A product whose own bill is active loses it too: a deleted product's
 * bill would otherwise keep its components "in use" with no way to free them. A product
 * heading a variation group with other products in it is not deleted (see
 * headWithMembersRefusal).
 */
export function decideExcluirProduto(
  command: ExcluirProduto,
  state: ProdutoState,
): Decision<FichaDesativada | ProdutoExcluido> {
  const { produto_id, agora } = command.data;
  if (state.produto === null || state.id !== produto_id) return notFound('id', 'produto não encontrado');
  if (state.excluidoEm !== null) return { ok: true, events: [] };

  const { usedBy, groupMembers = [] } = command.context;
  const uses = usedBy.filter((use) => use.produto_id !== produto_id);
  const refusal =
    inUseRefusal(`o produto ${state.produto.sku}`, uses) ??
    headWithMembersRefusal(
      state.produto.sku,
      groupMembers.filter((member) => member.produto_id !== produto_id),
    );
  if (refusal !== null) return refusal;

  const events: (FichaDesativada | ProdutoExcluido)[] = [];
  if (state.ficha?.ativa) {
    events.push({
      type: 'FichaDesativada.v1',
      data: { produto_id, versao: state.ficha.versao, desativada_em: agora },
    });
  }
  events.push({
    type: 'ProdutoExcluido.v1',
    data: { produto_id, sku: state.produto.sku, excluido_em: agora },
  });
  return { ok: true, events };
}
