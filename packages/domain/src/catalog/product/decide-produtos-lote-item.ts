import { conflict, type Decision, validation } from '../../stock/commands.js';
import { changedFields, isEmpty, isPresent, type RawItem, readPatch } from '../record-patch.js';
import { sku as skuRule } from '../validation/catalog-rules.js';
import type { ProdutoContext, SalvarProduto } from './commands.js';
import type { ProdutoAlterado, ProdutoCadastrado } from './events.js';
import { PRODUTO_RULES } from './fields.js';
import { newProduto } from './record.js';
import type { ProdutoState } from './state.js';
import { resolveVariation } from './variation.js';

/**
 * Upsert of one product item: creates the product (every key, defaults filled in) or
 * records only the fields that change; an item that changes nothing appends nothing.
 */
export function decideProdutosLoteItem(
  command: SalvarProduto,
  state: ProdutoState,
): Decision<ProdutoCadastrado | ProdutoAlterado> {
  const { produto_id, agora } = command.data;
  const item = command.data.item as RawItem;
  const { context } = command;
  if (state.excluidoEm !== null) return conflict('o produto foi excluído');

  // 1. The key: a product's SKU never changes (the item was matched by it).
  const sku = skuRule(item.sku, 'sku');
  if (!sku.ok) return sku;
  const current = state.produto;
  if (current !== null && current.sku !== sku.value) return validation('sku', 'o sku de um produto não muda');

  // 2. The item's own fields, in body order.
  if (isPresent(item, 'custo_manual') && !context.canReadCosts) {
    return validation('custo_manual', 'custo_manual exige o escopo custos:ler');
  }
  const patch = readPatch(item, PRODUTO_RULES);
  if (!patch.ok) return patch;
  const nome = patch.value.nome ?? current?.nome;
  if (nome === undefined) return validation('nome', 'nome é obrigatório na criação do produto');

  // 3. Rules that need other products: aliases and the variation group.
  const aliasRefusal = aliasTaken(produto_id, patch.value.apelidos, context);
  if (aliasRefusal !== null) return aliasRefusal;
  const base = current ?? newProduto(sku.value, nome);
  let variacao = base.variacao;
  if (isPresent(item, 'variacao')) {
    const self = { id: produto_id, sku: sku.value, current: base.variacao };
    const resolved = resolveVariation(item.variacao, self, context);
    if (!resolved.ok) return resolved;
    variacao = resolved.value;
  }

  // 4. The facts: the whole record on creation, else only what changed.
  const next = { ...base, ...patch.value, variacao };
  if (current === null) {
    return {
      ok: true,
      events: [{ type: 'ProdutoCadastrado.v1', data: { produto_id, ...next, cadastrado_em: agora } }],
    };
  }
  const alteracoes = changedFields(current, next);
  if (isEmpty(alteracoes)) return { ok: true, events: [] };
  return {
    ok: true,
    events: [
      { type: 'ProdutoAlterado.v1', data: { produto_id, sku: current.sku, alteracoes, alterado_em: agora } },
    ],
  };
}

/** An alias belongs to one product of the company: it never moves silently. */
function aliasTaken(produtoId: string, apelidos: readonly string[] | undefined, context: ProdutoContext) {
  for (const alias of apelidos ?? []) {
    const owner = context.aliasOwners.get(alias);
    if (owner !== undefined && owner !== produtoId) {
      return validation('apelidos', `o apelido ${alias} já pertence a outro produto`);
    }
  }
  return null;
}
