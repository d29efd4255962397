import type { DecimalText } from '../../stock/money.js';

/** A supply item's stored fields, named as in the API; decimals as canonical decimal text. */
export type InsumoRegistro = {
  sku: string;
  nome: string;
  familia: string | null;
  ativo: boolean;
  unidade_compra: string;
  unidade_consumo: string;
  /** Consumption units in one purchase unit (> 0). */
  fator_conversao: DecimalText;
  ncm: string | null;
  /** Minimum stock, in the consumption unit. */
  minimo: DecimalText | null;
  lead_time_dias: number | null;
  fornecedor_padrao_id: string | null;
  custo_referencia: DecimalText | null;
};

/** The fields an item must send to create a supply item, in body order. */
export const REQUIRED_ON_CREATION = ['nome', 'unidade_compra', 'unidade_consumo', 'fator_conversao'] as const;

/** The fields the stock decider reads (InsumoDefinido.v1). */
export const STOCK_FIELDS = [
  'sku',
  'unidade_compra',
  'unidade_consumo',
  'fator_conversao',
  'custo_referencia',
] as const;

/** Fixed once the item has movements: the ledger's quantities and costs are in these units. */
export const FROZEN_AFTER_MOVEMENTS = ['unidade_compra', 'unidade_consumo', 'fator_conversao'] as const;

type Required = Pick<InsumoRegistro, (typeof REQUIRED_ON_CREATION)[number]>;

export const newInsumo = (sku: string, required: Required): InsumoRegistro => ({
  sku,
  ...required,
  familia: null,
  ativo: true,
  ncm: null,
  minimo: null,
  lead_time_dias: null,
  fornecedor_padrao_id: null,
  custo_referencia: null,
});
