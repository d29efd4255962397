import type { DecimalInput } from '../../stock/money.js';
import type { BillUse } from '../in-use.js';

/** A supply item of `POST /v1/insumos/lote`, keys as in the body (values still checked). */
export type InsumoItem = {
  sku: string;
  nome?: string;
  familia?: string | null;
  ativo?: boolean;
  unidade_compra?: string;
  unidade_consumo?: string;
  fator_conversao?: DecimalInput;
  ncm?: string | null;
  minimo?: DecimalInput | null;
  lead_time_dias?: number | null;
  fornecedor_padrao_id?: string | null;
  custo_referencia?: DecimalInput | null;
};

/** Facts from outside the item's stream, resolved by the caller just before deciding. */
export type InsumoContext = {
  /** The token holds `custos:ler` (without it `custo_referencia` is refused). */
  canReadCosts: boolean;
  /** The company's units. */
  units: readonly string[];
  /** When the item sends a non-null `fornecedor_padrao_id`: it is a non-deleted supplier of the company. */
  defaultSupplierExists?: boolean;
};

/**
 * Upsert of one item. `insumo_id` is the id of the company's non-deleted supply item with
 * the item's SKU, or a new id from the caller when there is none.
 */
export type SalvarInsumo = {
  type: 'SalvarInsumo';
  data: { insumo_id: string; item: InsumoItem; agora: string };
  context: InsumoContext;
};

export type ExcluirInsumo = {
  type: 'ExcluirInsumo';
  data: { insumo_id: string; agora: string };
  /** Active bills that consume this supply item. */
  context: { usedBy: readonly BillUse[] };
};
