import type { DecimalInput } from '../../stock/money.js';
import type { ItemDefinition } from '../../stock/state.js';
import type { BillGraph } from '../bill-graph.js';

/** A line of `PUT /v1/fichas/{produto_id}`, keys as in the body, plus the id the caller gives it. */
export type LinhaFichaItem = {
  id: string;
  tipo: string;
  insumo_id?: string | null;
  componente_id?: string | null;
  consumo: DecimalInput;
  /** Absent: the supply item's consumption unit, or `un` for a component product. */
  unidade?: string | null;
  /** Absent: 0. */
  perda_pct?: DecimalInput | null;
};

/** Facts from outside the product's stream, resolved by the caller just before deciding. */
export type FichaContext = {
  /** The non-deleted supply items of the company that the lines name, by id. */
  supplyItems: ReadonlyMap<string, ItemDefinition>;
  /** The ids, among the lines' component products, of non-deleted products of the company. */
  products: ReadonlySet<string>;
  /** The company's active bills (this product's current one included or not: either works). */
  bills: BillGraph;
};

/** Replaces the product's bill: the next version, active. */
export type DefinirFicha = {
  type: 'DefinirFicha';
  data: { produto_id: string; linhas: LinhaFichaItem[]; agora: string };
  context: FichaContext;
};

export type DesativarFicha = {
  type: 'DesativarFicha';
  data: { produto_id: string; agora: string };
};
