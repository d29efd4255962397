import { Dec, type DecimalText, toText } from '../../stock/money.js';
import type { AtendimentoItem, PedidoCompraEvent, SituacaoPedido } from '../events.js';

/** A line of the order with what was received of it so far, in its purchase unit. */
export type LinhaPedido = {
  item_id: string;
  insumo_id: string;
  quantidade: DecimalText;
  unidade: string;
  preco_unitario: DecimalText | null;
  quantidade_recebida: DecimalText;
};

/** One purchase order folded from its stream; `pedido_id` null: no such order. */
export type PedidoCompraState = {
  pedido_id: string | null;
  numero: number;
  fornecedor_id: string;
  local_id: string;
  situacao: SituacaoPedido;
  itens: LinhaPedido[];
  /** What each receipt added, by `nota_id`, so that cancelling the receipt takes exactly that back. */
  atendimentos: Record<string, AtendimentoItem[]>;
};

export const initialPedidoCompraState = (): PedidoCompraState => ({
  pedido_id: null,
  numero: 0,
  fornecedor_id: '',
  local_id: '',
  situacao: 'aberto',
  itens: [],
  atendimentos: {},
});

/**
 * compras.md's states: `aberto` until something is received, `parcial` while a line has
 * received less than ordered, `recebido` when every line has received at least its quantity;
 * `cancelado` is kept whatever is received or undone afterwards.
 */
export function situacaoDoPedido(itens: readonly LinhaPedido[], atual: SituacaoPedido): SituacaoPedido {
  if (atual === 'cancelado') return 'cancelado';
  if (itens.every((linha) => new Dec(linha.quantidade_recebida).gte(linha.quantidade))) return 'recebido';
  return itens.some((linha) => new Dec(linha.quantidade_recebida).gt(0)) ? 'parcial' : 'aberto';
}

/** Lines with `itens`' quantities added (sign 1) or taken back (sign -1), by line id. */
export function linhasCom(
  itens: readonly LinhaPedido[],
  delta: readonly AtendimentoItem[],
  sign: 1 | -1,
): LinhaPedido[] {
  return itens.map((linha) => {
    const change = delta.filter((d) => d.item_id === linha.item_id);
    if (change.length === 0) return linha;
    const total = change.reduce(
      (sum, d) => sum.plus(new Dec(d.quantidade).times(sign)),
      new Dec(linha.quantidade_recebida),
    );
    return { ...linha, quantidade_recebida: toText(total) };
  });
}

export function evolvePedidoCompra(state: PedidoCompraState, event: PedidoCompraEvent): PedidoCompraState {
  switch (event.type) {
    case 'PedidoCompraCriado.v1': {
      const { pedido_id, numero, fornecedor_id, local_id, itens } = event.data;
      return {
        pedido_id,
        numero,
        fornecedor_id,
        local_id,
        situacao: 'aberto',
        itens: itens.map((item) => ({ ...item, quantidade_recebida: '0' })),
        atendimentos: {},
      };
    }
    case 'PedidoCompraCancelado.v1':
      return { ...state, situacao: 'cancelado' };
    case 'PedidoCompraAtendido.v1':
      return {
        ...state,
        itens: linhasCom(state.itens, event.data.itens, 1),
        situacao: event.data.situacao,
        atendimentos: { ...state.atendimentos, [event.data.nota_id]: event.data.itens },
      };
    case 'PedidoCompraAtendimentoDesfeito.v1': {
      const { [event.data.nota_id]: _undone, ...rest } = state.atendimentos;
      return {
        ...state,
        itens: linhasCom(state.itens, event.data.itens, -1),
        situacao: event.data.situacao,
        atendimentos: rest,
      };
    }
  }
}

/**
 * `valor_total`: Σ quantidade × preco_unitario in reais, 2 places (half up, as money is shown),
 * or null when a line has no price.
 */
export function valorTotalPedido(
  itens: readonly Pick<LinhaPedido, 'quantidade' | 'preco_unitario'>[],
): DecimalText | null {
  let total = new Dec(0);
  for (const linha of itens) {
    if (linha.preco_unitario === null) return null;
    total = total.plus(new Dec(linha.quantidade).times(linha.preco_unitario));
  }
  return total.toFixed(2, Dec.ROUND_HALF_UP);
}
