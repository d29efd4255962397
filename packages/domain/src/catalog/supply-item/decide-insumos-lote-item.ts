import { conflict, type Decision, validation } from '../../stock/commands.js';
import type { InsumoDefinido } from '../../stock/events.js';
import { hasMovements } from '../../stock/state.js';
import { changedFields, isEmpty, isPresent, type RawItem, readPatch } from '../record-patch.js';
import { sku as skuRule } from '../validation/catalog-rules.js';
import type { SalvarInsumo } from './commands.js';
import type { InsumoAlterado, InsumoCadastrado } from './events.js';
import { insumoRules } from './fields.js';
import {
  FROZEN_AFTER_MOVEMENTS,
  type InsumoRegistro,
  newInsumo,
  REQUIRED_ON_CREATION,
  STOCK_FIELDS,
} from './record.js';
import type { InsumoState } from './state.js';

type Saved = InsumoCadastrado | InsumoAlterado | InsumoDefinido;

/**
 * Upsert of one supply item. Besides its own catalog event it appends the stock's
 * `InsumoDefinido.v1` whenever a field the stock reads changes (creation included), so
 * the stock decider always values movements with the current definition.
 */
export function decideInsumosLoteItem(command: SalvarInsumo, state: InsumoState): Decision<Saved> {
  const { insumo_id, agora } = command.data;
  const item = command.data.item as RawItem;
  const { context } = command;
  if (state.excluidoEm !== null) return conflict('o insumo foi excluído');

  // 1. The key: an item's SKU never changes (the item was matched by it).
  const sku = skuRule(item.sku, 'sku');
  if (!sku.ok) return sku;
  const current = state.insumo;
  if (current !== null && current.sku !== sku.value) return validation('sku', 'o sku de um insumo não muda');

  // 2. The item's own fields, in body order.
  if (isPresent(item, 'custo_referencia') && !context.canReadCosts) {
    return validation('custo_referencia', 'custo_referencia exige o escopo custos:ler');
  }
  const read = readPatch(item, insumoRules(context.units));
  if (!read.ok) return read;
  const patch = read.value;
  let base = current;
  if (base === null) {
    const missing = REQUIRED_ON_CREATION.find((key) => patch[key] === undefined);
    if (missing !== undefined) return validation(missing, `${missing} é obrigatório na criação do insumo`);
    base = newInsumo(sku.value, patch as Pick<InsumoRegistro, (typeof REQUIRED_ON_CREATION)[number]>);
  }
  const next: InsumoRegistro = { ...base, ...patch };

  // 3. Rules across fields, the stream's movements and other records.
  if (current !== null && hasMovements(state.stock)) {
    const frozen = FROZEN_AFTER_MOVEMENTS.find((key) => next[key] !== current[key]);
    if (frozen !== undefined)
      return validation(frozen, `${frozen} não pode mudar: o insumo já tem movimentos`);
  }
  if (next.unidade_compra === next.unidade_consumo && next.fator_conversao !== '1') {
    // One unit cannot hold a number of itself other than 1; the stock converts by unit name.
    return validation('fator_conversao', 'fator_conversao deve ser 1 quando as duas unidades são iguais');
  }
  if (patch.fornecedor_padrao_id != null && context.defaultSupplierExists !== true) {
    return validation('fornecedor_padrao_id', 'fornecedor não encontrado');
  }

  // 4. The facts.
  const alteracoes = current === null ? next : changedFields(current, next);
  if (isEmpty(alteracoes)) return { ok: true, events: [] };
  const events: Saved[] = [
    current === null
      ? { type: 'InsumoCadastrado.v1', data: { insumo_id, ...next, cadastrado_em: agora } }
      : { type: 'InsumoAlterado.v1', data: { insumo_id, sku: current.sku, alteracoes, alterado_em: agora } },
  ];
  if (STOCK_FIELDS.some((key) => key in alteracoes)) events.push(insumoDefinido(insumo_id, next, agora));
  return { ok: true, events };
}

function insumoDefinido(insumoId: string, insumo: InsumoRegistro, at: string): InsumoDefinido {
  return {
    type: 'InsumoDefinido.v1',
    data: {
      insumo_id: insumoId,
      sku: insumo.sku,
      unidade_compra: insumo.unidade_compra,
      unidade_consumo: insumo.unidade_consumo,
      fator_conversao: insumo.fator_conversao,
      custo_referencia: insumo.custo_referencia,
      definido_em: at,
    },
  };
}
