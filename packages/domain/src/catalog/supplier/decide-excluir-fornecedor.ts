import { type Decision, notFound } from '../../stock/commands.js';
import type { ExcluirFornecedor } from './commands.js';
import type { FornecedorExcluido } from './events.js';
import type { FornecedorState } from './state.js';

/**
 * Deletes a supplier; deleting again appends nothing. Supply items naming it as their
 * default supplier keep the id: the specification checks that reference only on writes.
 */
export function decideExcluirFornecedor(
  command: ExcluirFornecedor,
  state: FornecedorState,
): Decision<FornecedorExcluido> {
  const { fornecedor_id, agora } = command.data;
  if (state.fornecedor === null || state.id !== fornecedor_id)
    return notFound('id', 'fornecedor não encontrado');
  if (state.excluidoEm !== null) return { ok: true, events: [] };
  return {
    ok: true,
    events: [{ type: 'FornecedorExcluido.v1', data: { fornecedor_id, excluido_em: agora } }],
  };
}
