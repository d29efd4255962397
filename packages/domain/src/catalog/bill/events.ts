import type { DecimalText } from '../../stock/money.js';

/**
 * Bill-of-materials events. They live in the product's own stream, beside the product's
 * events, so "the product exists and is not deleted" and "which version is active" are
 * decided on one stream.
 */

/** A line as the API shows it: both ids always present, the one that does not apply null. */
export type LinhaDaFicha = {
  id: string;
  tipo: 'insumo' | 'produto';
  insumo_id: string | null;
  componente_id: string | null;
  /** Quantity per unit produced, in `unidade`: a purchase-unit quantity is stored converted. */
  consumo: DecimalText;
  /** The supply item's consumption unit, or `un` for a component product. */
  unidade: string;
  /** Loss as a fraction 0..1. */
  perda_pct: DecimalText;
};

/** Version `versao` is created active; any earlier version is inactive from then on. */
export type FichaDefinida = {
  type: 'FichaDefinida.v1';
  data: { produto_id: string; versao: number; linhas: LinhaDaFicha[]; definida_em: string };
};

/** The product no longer has an active bill (`tem_ficha` false). */
export type FichaDesativada = {
  type: 'FichaDesativada.v1';
  data: { produto_id: string; versao: number; desativada_em: string };
};

export type FichaEvent = FichaDefinida | FichaDesativada;
