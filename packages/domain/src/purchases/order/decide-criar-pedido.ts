import { accept, type Checked } from '../../catalog/checked.js';
import { nonNegative, positive } from '../../catalog/validation/field-rules.js';
import { isValidPaymentTerms } from '../../catalog/validation/payment-terms.js';
import { isValidDia } from '../../company/production-day.js';
import { type Decision, validation } from '../../stock/commands.js';
import type { ItemPedidoCriado, PedidoCompraCriado } from '../events.js';
import type { CriarPedidoCompra, ItemPedidoInput } from './commands.js';

/** compras.md: a purchase order has 1 to this many lines. */
export const MAX_ITENS_PEDIDO = 200;
export const MAX_OBSERVACAO = 500;

/**
 * Creates a purchase order, checking the body in its key order (fornecedor_id, local_id,
 * previsto_para, condicao_pagamento, observacao, itens and each line's keys), the first problem
 * refused naming it. Defaults come from the supplier: `previsto_para` today + its lead time
 * (0 when null), `condicao_pagamento` its terms.
 */
export function decideCriarPedido(command: CriarPedidoCompra): Decision<PedidoCompraCriado> {
  const { data, context } = command;
  const fornecedor = context.fornecedor;
  if (typeof data.fornecedor_id !== 'string' || !fornecedor || fornecedor.excluido || !fornecedor.ativo) {
    return validation('fornecedor_id', 'fornecedor inexistente, excluído ou inativo');
  }
  if (typeof data.local_id !== 'string' || !context.locaisAtivos.has(data.local_id)) {
    return validation('local_id', 'local inexistente ou inativo');
  }
  const previsto = previstoPara(data.previsto_para, data.hoje, fornecedor.lead_time_dias ?? 0);
  if (!previsto.ok) return previsto;
  const condicao =
    data.condicao_pagamento === undefined ? fornecedor.condicao_pagamento : data.condicao_pagamento;
  if (condicao !== null && !isValidPaymentTerms(condicao)) {
    return validation(
      'condicao_pagamento',
      'condicao_pagamento deve ser uma lista crescente de dias inteiros >= 0, ou null',
    );
  }
  const observacao = data.observacao ?? null;
  if (observacao !== null && (typeof observacao !== 'string' || observacao.length > MAX_OBSERVACAO)) {
    return validation('observacao', `observacao deve ser um texto de no máximo ${MAX_OBSERVACAO} caracteres`);
  }
  if (!Array.isArray(data.itens) || data.itens.length === 0 || data.itens.length > MAX_ITENS_PEDIDO) {
    return validation('itens', `itens deve ter de 1 a ${MAX_ITENS_PEDIDO} linhas`);
  }
  const itens: ItemPedidoCriado[] = [];
  for (const [i, item] of (data.itens as unknown[]).entries()) {
    const line = readLine(item as ItemPedidoInput, i, command, itens);
    if (!line.ok) return line;
    itens.push(line.value);
  }
  return {
    ok: true,
    events: [
      {
        type: 'PedidoCompraCriado.v1',
        data: {
          pedido_id: data.pedido_id,
          numero: data.numero,
          fornecedor_id: data.fornecedor_id,
          local_id: data.local_id,
          previsto_para: previsto.value,
          condicao_pagamento: condicao as number[] | null,
          observacao,
          itens,
          criado_em: data.agora,
        },
      },
    ],
  };
}

function previstoPara(value: unknown, hoje: string, leadTime: number): Checked<string> {
  if (value === undefined || value === null) return accept(addDays(hoje, leadTime));
  if (typeof value !== 'string' || !isValidDia(value)) {
    return validation('previsto_para', 'previsto_para deve ser uma data AAAA-MM-DD');
  }
  return accept(value);
}

function addDays(dia: string, days: number): string {
  const date = new Date(`${dia}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function readLine(
  item: ItemPedidoInput,
  i: number,
  command: CriarPedidoCompra,
  before: readonly ItemPedidoCriado[],
): Checked<ItemPedidoCriado> {
  const at = (key: string) => `itens[${i}].${key}`;
  if (typeof item !== 'object' || item === null)
    return validation(`itens[${i}]`, 'cada item deve ser um objeto');
  const insumo = typeof item.insumo_id === 'string' ? command.context.insumos.get(item.insumo_id) : undefined;
  if (!insumo || insumo.excluido || !insumo.ativo) {
    return validation(at('insumo_id'), 'insumo inexistente, excluído ou inativo');
  }
  if (before.some((line) => line.insumo_id === item.insumo_id)) {
    return validation(at('insumo_id'), 'cada insumo pode aparecer uma vez no pedido');
  }
  const quantidade = positive(item.quantidade, at('quantidade'));
  if (!quantidade.ok) return quantidade;
  let preco: string | null = null;
  if (item.preco_unitario !== undefined && item.preco_unitario !== null) {
    if (!command.context.podeVerCustos) {
      return validation(at('preco_unitario'), 'preco_unitario exige o escopo custos:ler');
    }
    const checked = nonNegative(item.preco_unitario, at('preco_unitario'));
    if (!checked.ok) return checked;
    preco = checked.value;
  }
  const item_id = command.data.item_ids[i];
  if (item_id === undefined) throw new RangeError('one line id per body line is needed');
  return accept({
    item_id,
    insumo_id: item.insumo_id as string,
    quantidade: quantidade.value,
    unidade: insumo.unidade_compra,
    preco_unitario: preco,
  });
}
