import { Dec, type DecimalText, dec, toText } from '../stock/money.js';
import type { LinhaDaFicha } from './bill/events.js';

/**
 * The reference cost roll-up of a company's bills of materials: straightforward on
 * purpose, for tests and for the projector's property test. The rules the SQL follows:
 *
 * - A bill's cost is the sum over its lines of consumo × (1 + perda_pct) × unit cost,
 *   computed exactly; the same with bruto unit costs gives the bruto cost.
 * - A supply item's unit cost is its custo_medio, else (no balance) its custo_referencia,
 *   else 0; bruto: custo_medio_bruto, else custo_referencia, else 0. Zero, as the stock
 *   values an entry with no known cost at 0.
 * - A component product's unit cost is its own bill's EXACT (unrounded) cost, else (no
 *   active bill) its custo_manual, for custo and bruto alike, else 0. Rounding happens
 *   only at presentation, so a cost never depends on how deep a component sits.
 * - Presentation rounds half up (away from zero, as PostgreSQL's round(numeric, n)):
 *   custo_ficha and custo_ficha_bruto to 2 places, the Ficha's custo to 4.
 * - A product without an active bill has custo_ficha, custo_ficha_bruto and custo null.
 */

export const CUSTO_FICHA_PLACES = 2;
export const CUSTO_DA_FICHA_PLACES = 4;

/** A supply item's costs as the stock shows them, reais per consumption unit. */
export type SupplyItemCosts = {
  /** Across the item's locations; null when it has no balance. */
  custo_medio: DecimalText | null;
  custo_medio_bruto: DecimalText | null;
  custo_referencia: DecimalText | null;
};

export type BillCostLine = Pick<
  LinhaDaFicha,
  'tipo' | 'insumo_id' | 'componente_id' | 'consumo' | 'perda_pct'
>;

export type CostRollupInput = {
  supplyItems: ReadonlyMap<string, SupplyItemCosts>;
  products: ReadonlyMap<string, { custo_manual: DecimalText | null }>;
  /** Active bills, by product id. */
  bills: ReadonlyMap<string, readonly BillCostLine[]>;
};

export type ProductCost = {
  custo_ficha: DecimalText | null;
  custo_ficha_bruto: DecimalText | null;
  /** The active Ficha's `custo`. */
  custo: DecimalText | null;
  /** The unrounded costs, which components pass on to the products that consume them. */
  exato: { custo: DecimalText; bruto: DecimalText } | null;
};

type Pair = { custo: Dec; bruto: Dec };

const ZERO = new Dec(0);

export const roundForPresentation = (value: Dec, places: number): DecimalText =>
  toText(value.toDecimalPlaces(places, Dec.ROUND_HALF_UP));

export function supplyItemUnitCost(costs: SupplyItemCosts | undefined): Pair {
  const pick = (...values: (DecimalText | null | undefined)[]) => dec(values.find((v) => v != null) ?? '0');
  return {
    custo: pick(costs?.custo_medio, costs?.custo_referencia),
    bruto: pick(costs?.custo_medio_bruto, costs?.custo_referencia),
  };
}

/** The costs of every product named in `products` or `bills`. Throws on a cycle of bills. */
export function rollUpCosts(input: CostRollupInput): Map<string, ProductCost> {
  const exact = new Map<string, Pair>();
  const visiting = new Set<string>();

  const billCost = (productId: string, lines: readonly BillCostLine[]): Pair => {
    const known = exact.get(productId);
    if (known !== undefined) return known;
    // The deciders refuse cycles; two concurrent bill writes could still close one.
    if (visiting.has(productId)) throw new Error(`ciclo nas fichas técnicas passando por ${productId}`);
    visiting.add(productId);
    let total: Pair = { custo: ZERO, bruto: ZERO };
    for (const line of lines) {
      const unit = line.tipo === 'insumo' ? supplyItemUnitCost(lookup(line.insumo_id)) : componentCost(line);
      const quantity = dec(line.consumo).times(dec(line.perda_pct).plus(1));
      total = {
        custo: total.custo.plus(quantity.times(unit.custo)),
        bruto: total.bruto.plus(quantity.times(unit.bruto)),
      };
    }
    visiting.delete(productId);
    exact.set(productId, total);
    return total;
  };

  const lookup = (id: string | null) => (id === null ? undefined : input.supplyItems.get(id));

  const componentCost = (line: BillCostLine): Pair => {
    const id = line.componente_id ?? '';
    const lines = input.bills.get(id);
    if (lines !== undefined) return billCost(id, lines);
    const manual = dec(input.products.get(id)?.custo_manual ?? '0');
    return { custo: manual, bruto: manual };
  };

  const result = new Map<string, ProductCost>();
  for (const productId of new Set([...input.products.keys(), ...input.bills.keys()])) {
    const lines = input.bills.get(productId);
    if (lines === undefined) {
      result.set(productId, { custo_ficha: null, custo_ficha_bruto: null, custo: null, exato: null });
      continue;
    }
    const cost = billCost(productId, lines);
    result.set(productId, {
      custo_ficha: roundForPresentation(cost.custo, CUSTO_FICHA_PLACES),
      custo_ficha_bruto: roundForPresentation(cost.bruto, CUSTO_FICHA_PLACES),
      custo: roundForPresentation(cost.custo, CUSTO_DA_FICHA_PLACES),
      exato: { custo: toText(cost.custo), bruto: toText(cost.bruto) },
    });
  }
  return result;
}
