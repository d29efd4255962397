import type { DecimalText } from '../stock/money.js';

/**
 * Purchases events (compras.md). Stored type names are Portuguese, past tense and versioned
 * (`Name.vN`); they never change: a new shape is a new version. Decimals travel as canonical
 * decimal text, instants as ISO 8601 text given by the caller.
 *
 * Streams (built by the write path with `streamName` from @factory/event-store; the category
 * constants below are the one place their names are spelled):
 * - `pedido_compra-<empresa>-<pedido_id>`: one purchase order's life (created, progress from
 *   receipts, cancelled). The receipt's decision on the order is made against this stream's
 *   revision, so a receipt and a cancellation of the same order cannot both win.
 * - `nota-<empresa>-<chave>`: every receipt of one access key, in order. Keyed by the key (not
 *   the Nota's id) so that "two concurrent receipts of one access key record one" is the
 *   stream's expected revision: both read the same revision, one append wins, the other is
 *   refused and, read again, meets the non-cancelled receipt (check 6, 409). A cancelled
 *   receipt leaves the stream open for the key to be received again (a new `nota_id`).
 * - `vinculos-<empresa>-<fornecedor_id>`: one supplier's item links, one event per change.
 *
 * The receipt's stock movements are stock events on each supply item's stream
 * (`MovimentoRegistrado.v1`, `tipo` `entrada_nfe`, `origem` `nfe`, `referencia` the access
 * key, with `custo_unitario_bruto` carrying the entry taxes), and cancelling reverses them
 * with `MovimentoEstornado.v1`: the stock decider, not this context, decides balances and averages.
 */
export const PURCHASE_STREAM_CATEGORIES = {
  pedido: 'pedido_compra',
  nota: 'nota',
  vinculos: 'vinculos',
} as const;

export const SITUACOES_PEDIDO = ['aberto', 'parcial', 'recebido', 'cancelado'] as const;
export type SituacaoPedido = (typeof SITUACOES_PEDIDO)[number];

export const SITUACOES_NOTA = ['recebida', 'cancelada'] as const;
export type SituacaoNota = (typeof SITUACOES_NOTA)[number];

export const AMBIENTES = ['producao', 'homologacao'] as const;
export type Ambiente = (typeof AMBIENTES)[number];

/** A line of a purchase order as ordered; `quantidade` and `preco_unitario` per purchase unit. */
export type ItemPedidoCriado = {
  item_id: string;
  insumo_id: string;
  quantidade: DecimalText;
  /** The supply item's `unidade_compra` when the order was created. */
  unidade: string;
  /** Reais per purchase unit, or null when the buyer gave none. */
  preco_unitario: DecimalText | null;
};

/**
 * A purchase order was created. It carries the defaults already filled in (`previsto_para`
 * from the supplier's lead time, its payment terms), so a later change to the supplier never
 * rewrites what was ordered. `numero` is given by the write path, which allocates it per
 * company in creation order, never reused.
 */
export type PedidoCompraCriado = {
  type: 'PedidoCompraCriado.v1';
  data: {
    pedido_id: string;
    numero: number;
    fornecedor_id: string;
    local_id: string;
    previsto_para: string;
    condicao_pagamento: number[] | null;
    observacao: string | null;
    itens: ItemPedidoCriado[];
    criado_em: string;
  };
};

/** The order was cancelled: what was not received is closed; stock already received stays. */
export type PedidoCompraCancelado = {
  type: 'PedidoCompraCancelado.v1';
  data: { pedido_id: string; motivo: string | null; cancelado_em: string };
};

/** Quantity added to (or, undone, taken off) one order line, in its purchase unit. */
export type AtendimentoItem = { item_id: string; insumo_id: string; quantidade: DecimalText };

/**
 * A receipt fulfilled part of the order: each line's `quantidade_recebida` grows by
 * `quantidade` (qCom × fator / fator_conversao, summed per supply item). Its own event on the
 * order's stream, so the order's state is folded from its stream alone and the receipt's
 * write moves it in the same atomic append as the Nota. `situacao` is the state right after.
 */
export type PedidoCompraAtendido = {
  type: 'PedidoCompraAtendido.v1';
  data: {
    pedido_id: string;
    nota_id: string;
    itens: AtendimentoItem[];
    situacao: SituacaoPedido;
    atendido_em: string;
  };
};

/**
 * A receipt of this order was cancelled: its quantities come back off the lines. A cancelled
 * order stays `cancelado` (the event still records the quantities, so the lines stay true).
 */
export type PedidoCompraAtendimentoDesfeito = {
  type: 'PedidoCompraAtendimentoDesfeito.v1';
  data: {
    pedido_id: string;
    nota_id: string;
    itens: AtendimentoItem[];
    situacao: SituacaoPedido;
    desfeito_em: string;
  };
};

export type PedidoCompraEvent =
  | PedidoCompraCriado
  | PedidoCompraCancelado
  | PedidoCompraAtendido
  | PedidoCompraAtendimentoDesfeito;

export const PEDIDO_COMPRA_EVENT_TYPES: readonly PedidoCompraEvent['type'][] = [
  'PedidoCompraCriado.v1',
  'PedidoCompraCancelado.v1',
  'PedidoCompraAtendido.v1',
  'PedidoCompraAtendimentoDesfeito.v1',
];

/** The taxes recovered on one item (reais, exact), whose sum is the ItemNota's `creditos`. */
export type CreditosItem = {
  icms: DecimalText;
  ipi: DecimalText;
  pis_cofins: DecimalText;
};

/**
 * One invoice item as received: what the invoice says (codigo .. quantidade, as `cProd`,
 * `xProd`, `NCM`, `CFOP`, `uCom`, `qCom`), how it was mapped (`insumo_id`, `fator`), and the
 * costs decided for its `entrada_nfe` movement (`movimento_id`).
 */
export type ItemNotaRecebido = {
  n_item: number;
  codigo: string;
  descricao: string;
  ncm: string | null;
  cfop: string | null;
  unidade: string;
  quantidade: DecimalText;
  insumo_id: string;
  fator: DecimalText;
  /** quantidade × fator, in the supply item's consumption unit. */
  quantidade_consumo: DecimalText;
  /** The item's total entry cost with taxes (reais, exact): the formula's `bruto`. */
  valor_bruto: DecimalText;
  /** bruto − creditos (reais, exact): the formula's `liquido`. */
  valor_liquido: DecimalText;
  /** liquido / quantidade_consumo, 6 places. */
  custo_unitario: DecimalText;
  /** bruto / quantidade_consumo, 6 places. */
  custo_unitario_bruto: DecimalText;
  /** Total recovered taxes: icms + ipi + pis_cofins of `creditos_detalhe`. */
  creditos: DecimalText;
  creditos_detalhe: CreditosItem;
  movimento_id: string;
};

/**
 * A supplier invoice was received: everything the Nota resource shows, decided once, so the
 * projection never recomputes costs with a profile or link that changed since. Its movements
 * (one `entrada_nfe` per item, ids in `itens[].movimento_id`) are appended in the same write.
 */
export type NotaRecebida = {
  type: 'NotaRecebida.v1';
  data: {
    nota_id: string;
    chave: string;
    tipo: 'entrada';
    modelo: number;
    serie: number;
    numero: number;
    emitida_em: string;
    ambiente: Ambiente;
    fornecedor_id: string;
    emitente_cnpj: string;
    pedido_id: string | null;
    local_id: string;
    /** `ICMSTot/vNF`, reais. */
    valor_total: DecimalText;
    /** In `nItem` order. */
    itens: ItemNotaRecebido[];
    recebida_em: string;
  };
};

/**
 * The receipt was cancelled: each of its movements was reversed by the `estornos` named (in
 * item order), in the same write. The access key may then be received again.
 */
export type NotaCancelada = {
  type: 'NotaCancelada.v1';
  data: {
    nota_id: string;
    chave: string;
    pedido_id: string | null;
    motivo: string | null;
    estornos: string[];
    cancelada_em: string;
  };
};

export type NotaEvent = NotaRecebida | NotaCancelada;

export const NOTA_EVENT_TYPES: readonly NotaEvent['type'][] = ['NotaRecebida.v1', 'NotaCancelada.v1'];

/** Where a link came from: learned with a receipt, or put by a client. */
export const ORIGENS_VINCULO = ['recebimento', 'api'] as const;
export type OrigemVinculo = (typeof ORIGENS_VINCULO)[number];

/**
 * A supplier's code now maps to a supply item (created or replaced). `fator` is stored
 * resolved (a receipt's absent factor already defaulted), so a later receipt reads it as is.
 */
export type VinculoFornecedorDefinido = {
  type: 'VinculoFornecedorDefinido.v1';
  data: {
    fornecedor_id: string;
    codigo: string;
    insumo_id: string;
    fator: DecimalText;
    origem: OrigemVinculo;
    /** The receipt that taught it, when learned. */
    nota_id: string | null;
    definido_em: string;
  };
};

/** The link of that code was deleted; the code is unmapped until linked again. */
export type VinculoFornecedorRemovido = {
  type: 'VinculoFornecedorRemovido.v1';
  data: { fornecedor_id: string; codigo: string; removido_em: string };
};

export type VinculoEvent = VinculoFornecedorDefinido | VinculoFornecedorRemovido;

export const VINCULO_EVENT_TYPES: readonly VinculoEvent['type'][] = [
  'VinculoFornecedorDefinido.v1',
  'VinculoFornecedorRemovido.v1',
];

export type PurchasesEvent = PedidoCompraEvent | NotaEvent | VinculoEvent;
