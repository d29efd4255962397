import type { DecimalText } from './money.js';

/**
 * Stock events of one supply item's stream. Stored type names are Portuguese, past
 * tense and versioned (`Name.vN`), like the API's field names; they never change: a new
 * shape is a new version. Decimals travel as canonical decimal text.
 */

/** Where a movement came from (the Movimento's `origem`). */
export const ORIGENS = ['tela', 'api', 'producao', 'nfe', 'inventario'] as const;

export type Origem = (typeof ORIGENS)[number];

export const TIPOS_MOVIMENTO = [
  'entrada_nfe',
  'entrada_manual',
  'baixa_producao',
  'ajuste',
  'perda',
  'estorno',
  'saldo_inicial',
] as const;

export type TipoMovimento = (typeof TIPOS_MOVIMENTO)[number];

/**
 * What the stock decider needs to know about the item. Appended to the item's stream by
 * the catalog whenever one of these fields changes (creation included).
 */
export type InsumoDefinido = {
  type: 'InsumoDefinido.v1';
  data: {
    insumo_id: string;
    sku: string;
    unidade_compra: string;
    unidade_consumo: string;
    /** Consumption units in one purchase unit (> 0). */
    fator_conversao: DecimalText;
    custo_referencia: DecimalText | null;
    definido_em: string;
  };
};

/** The decided facts of one movement, and the location's state right after it. */
export type MovimentoFatos = {
  movimento_id: string;
  insumo_id: string;
  local_id: string;
  /** Signed, in the consumption unit. */
  quantidade: DecimalText;
  /** The item's consumption unit. */
  unidade: string;
  custo_unitario: DecimalText;
  custo_unitario_bruto: DecimalText;
  referencia: string | null;
  motivo: string | null;
  origem: Origem;
  /** Balance of the location after the movement. */
  saldo: DecimalText;
  custo_medio: DecimalText;
  custo_medio_bruto: DecimalText;
  /** ISO 8601 instant, given by the caller. */
  criado_em: string;
};

export type MovimentoRegistrado = {
  type: 'MovimentoRegistrado.v1';
  data: MovimentoFatos & { tipo: Exclude<TipoMovimento, 'estorno'> };
};

export type MovimentoEstornado = {
  type: 'MovimentoEstornado.v1';
  /** `referencia` equals `estornado_id`, as the API shows it. */
  data: MovimentoFatos & { tipo: 'estorno'; estornado_id: string; referencia: string };
};

export type StockEvent = InsumoDefinido | MovimentoRegistrado | MovimentoEstornado;

export type StockEventType = StockEvent['type'];

export const STOCK_EVENT_TYPES: readonly StockEventType[] = [
  'InsumoDefinido.v1',
  'MovimentoRegistrado.v1',
  'MovimentoEstornado.v1',
];
