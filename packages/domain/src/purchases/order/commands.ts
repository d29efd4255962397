import type { DecimalInput } from '../../stock/money.js';

/** A line of `POST /v1/compras/pedidos`, keys as in the body (values still checked). */
export type ItemPedidoInput = { insumo_id?: unknown; quantidade?: unknown; preco_unitario?: unknown };

/** What the order decider needs to know of a supply item. */
export type InsumoParaCompra = {
  ativo: boolean;
  excluido: boolean;
  unidade_compra: string;
  unidade_consumo: string;
  /** Consumption units in one purchase unit. */
  fator_conversao: DecimalInput;
};

/** What the order decider needs to know of a supplier. */
export type FornecedorParaCompra = {
  ativo: boolean;
  excluido: boolean;
  lead_time_dias: number | null;
  condicao_pagamento: number[] | null;
};

/**
 * Creates a purchase order. The caller gives the ids, the next `numero` of the company and
 * today's production day (`hoje`), and looks up what the body names: the supplier, the
 * location's state and each supply item (absent from the maps: unknown to the company).
 */
export type CriarPedidoCompra = {
  type: 'CriarPedidoCompra';
  data: {
    pedido_id: string;
    numero: number;
    /** One id per line, in body order. */
    item_ids: readonly string[];
    fornecedor_id?: unknown;
    local_id?: unknown;
    previsto_para?: unknown;
    condicao_pagamento?: unknown;
    observacao?: unknown;
    itens?: unknown;
    hoje: string;
    agora: string;
  };
  context: {
    fornecedor: FornecedorParaCompra | null;
    /** The company's active locations. */
    locaisAtivos: ReadonlySet<string>;
    insumos: ReadonlyMap<string, InsumoParaCompra>;
    /** The token holds `custos:ler` (without it `preco_unitario` is refused). */
    podeVerCustos: boolean;
  };
};

export type CancelarPedidoCompra = {
  type: 'CancelarPedidoCompra';
  data: { pedido_id: string; motivo?: unknown; agora: string };
};
