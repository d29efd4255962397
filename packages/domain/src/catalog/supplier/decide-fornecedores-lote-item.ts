import { conflict, type Decision, notFound, validation } from '../../stock/commands.js';
import { changedFields, isEmpty, isPresent, type RawItem, readPatch } from '../record-patch.js';
import type { SalvarFornecedor } from './commands.js';
import type { FornecedorAlterado, FornecedorCadastrado } from './events.js';
import { FORNECEDOR_RULES } from './fields.js';
import { type FornecedorRegistro, newFornecedor } from './record.js';
import type { FornecedorState } from './state.js';

/**
 * Upsert of one supplier item: creates the supplier or records only the fields that
 * change; an item that changes nothing appends nothing.
 */
export function decideFornecedoresLoteItem(
  command: SalvarFornecedor,
  state: FornecedorState,
): Decision<FornecedorCadastrado | FornecedorAlterado> {
  const { fornecedor_id, agora } = command.data;
  const item = command.data.item as RawItem;
  // 1. An item naming its supplier by `id` updates that one, which must exist.
  const current = state.fornecedor;
  if (isPresent(item, 'id') && (current === null || state.excluidoEm !== null || state.id !== item.id)) {
    return notFound('id', 'fornecedor não encontrado');
  }
  if (state.excluidoEm !== null) return conflict('o fornecedor foi excluído');

  // 2. The item's own fields, in body order.
  const read = readPatch(item, FORNECEDOR_RULES);
  if (!read.ok) return read;
  const { cnpj: document, ...patch } = read.value;
  const nome = patch.nome ?? current?.nome;
  if (nome === undefined) return validation('nome', 'nome é obrigatório na criação do fornecedor');

  // 3. A tax id identifies one supplier of the company (items are matched by it).
  const owner = command.context.taxIdOwner;
  if (document != null && owner != null && owner !== fornecedor_id) {
    return validation('cnpj', 'cnpj já pertence a outro fornecedor');
  }
  const taxId = document === undefined ? {} : (document ?? { cnpj: null, cpf: null });
  const next: FornecedorRegistro = { ...(current ?? newFornecedor(nome)), ...patch, ...taxId };

  // 4. The facts: the whole record on creation, else only what changed.
  if (current === null) {
    return {
      ok: true,
      events: [{ type: 'FornecedorCadastrado.v1', data: { fornecedor_id, ...next, cadastrado_em: agora } }],
    };
  }
  const alteracoes = changedFields(current, next);
  if (isEmpty(alteracoes)) return { ok: true, events: [] };
  return {
    ok: true,
    events: [{ type: 'FornecedorAlterado.v1', data: { fornecedor_id, alteracoes, alterado_em: agora } }],
  };
}
