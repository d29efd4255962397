import { Dec, toText } from '../../stock/money.js';
import type { AtendimentoItem, PedidoCompraAtendido, PedidoCompraAtendimentoDesfeito } from '../events.js';
import { linhasCom, type PedidoCompraState, situacaoDoPedido } from './state.js';

/** Received quantities in purchase units are kept to this many places (a factor may not divide evenly). */
export const QUANTIDADE_RECEBIDA_PLACES = 6;

/**
 * What a receipt adds to the order: for each supply item on it, the received quantity in its
 * purchase unit (Σ qCom × fator / fator_conversao over the invoice's items of that supply item).
 * Supply items not on the order add nothing; a receipt that touches no line writes nothing
 * on the order (null). Receiving more than ordered is allowed and closes the line.
 */
export function atenderPedido(
  state: PedidoCompraState,
  notaId: string,
  recebidoPorInsumo: ReadonlyMap<string, Dec>,
  agora: string,
): PedidoCompraAtendido | null {
  if (state.pedido_id === null) return null;
  const itens: AtendimentoItem[] = [];
  for (const linha of state.itens) {
    const recebido = recebidoPorInsumo.get(linha.insumo_id);
    if (recebido === undefined || recebido.isZero()) continue;
    const quantidade = recebido.toDecimalPlaces(QUANTIDADE_RECEBIDA_PLACES, Dec.ROUND_HALF_EVEN);
    itens.push({ item_id: linha.item_id, insumo_id: linha.insumo_id, quantidade: toText(quantidade) });
  }
  if (itens.length === 0) return null;
  return {
    type: 'PedidoCompraAtendido.v1',
    data: {
      pedido_id: state.pedido_id,
      nota_id: notaId,
      itens,
      situacao: situacaoDoPedido(linhasCom(state.itens, itens, 1), state.situacao),
      atendido_em: agora,
    },
  };
}

/**
 * Takes back exactly what the receipt `notaId` added (null when it added nothing). A cancelled
 * order stays `cancelado`.
 */
export function desfazerAtendimento(
  state: PedidoCompraState,
  notaId: string,
  agora: string,
): PedidoCompraAtendimentoDesfeito | null {
  const itens = state.atendimentos[notaId];
  if (state.pedido_id === null || itens === undefined) return null;
  return {
    type: 'PedidoCompraAtendimentoDesfeito.v1',
    data: {
      pedido_id: state.pedido_id,
      nota_id: notaId,
      itens,
      situacao: situacaoDoPedido(linhasCom(state.itens, itens, -1), state.situacao),
      desfeito_em: agora,
    },
  };
}
