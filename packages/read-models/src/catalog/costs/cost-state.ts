import { type Exact, minus, plus, round, same, ZERO } from '@factory/domain/exact';
import { type ItemNode, settledTotals } from './item-stock.js';

/** A unit cost or a bill cost: without and with entry taxes (bruto). */
export interface Pair {
  custo: Exact;
  bruto: Exact;
}

export const ZERO_PAIR: Pair = { custo: ZERO, bruto: ZERO };

export const samePair = (a: Pair, b: Pair): boolean => same(a.custo, b.custo) && same(a.bruto, b.bruto);

/** A bill line as the roll-up needs it: what it consumes and consumo × (1 + perda_pct). */
export interface CostLine {
  parte: string;
  quantidade: Exact;
}

/** The cost-derived values a Produto shows. */
export interface Shown {
  temFicha: boolean;
  custoFicha: Exact | null;
  custoFichaBruto: Exact | null;
}

/** custo_ficha and custo_ficha_bruto: 2 places (the Ficha's custo, 4, is rounded when read). */
export const CUSTO_FICHA_PLACES = 2;

export const NO_BILL: Shown = { temFicha: false, custoFicha: null, custoFichaBruto: null };

export function sameShown(a: Shown, b: Shown): boolean {
  const eq = (x: Exact | null, y: Exact | null) => (x === null || y === null ? x === y : same(x, y));
  return (
    a.temFicha === b.temFicha && eq(a.custoFicha, b.custoFicha) && eq(a.custoFichaBruto, b.custoFichaBruto)
  );
}

export const shownOf = (exact: Pair | null): Shown =>
  exact === null
    ? NO_BILL
    : {
        temFicha: true,
        custoFicha: round(exact.custo, CUSTO_FICHA_PLACES),
        custoFichaBruto: round(exact.bruto, CUSTO_FICHA_PLACES),
      };

/** A product the batch may re-cost: touched by an event, or consuming one at any depth. */
export interface ProductNode {
  empresaId: string;
  id: string;
  manual: Exact | null;
  /** The active bill's lines; null without one. */
  lines: CostLine[] | null;
  /** The active bill's unrounded cost; null without one. */
  exact: Pair | null;
  shown: Shown;
  /** The latest instant at which a shown value changed in this batch. */
  touchedAt: string | null;
  /** Its cost columns must be written. */
  write: boolean;
}

/**
 * What the roll-up of one batch works on: every node the batch may change, by key (company and
 * id), with the consumers of each (the active bills' graph, upwards, among these products, with
 * how much of the part one unit of the consumer takes: the sum of its lines' consumo × (1 +
 * perda_pct)); every other node a loaded bill consumes has a fixed unit cost for the batch.
 */
export interface CostState {
  products: Map<string, ProductNode>;
  items: Map<string, ItemNode>;
  fixed: Map<string, Pair>;
  consumers: Map<string, Map<string, Exact>>;
}

/** Adds (sign 1) or removes (sign -1) a product's bill lines from the consumers index. */
export function indexLines(
  state: CostState,
  consumer: string,
  lines: readonly CostLine[],
  sign: 1 | -1,
): void {
  for (const line of lines) {
    const byConsumer = state.consumers.get(line.parte) ?? new Map<string, Exact>();
    const quantity = plus(
      byConsumer.get(consumer) ?? ZERO,
      sign === 1 ? line.quantidade : minus(ZERO, line.quantidade),
    );
    if (quantity.units === 0n) byConsumer.delete(consumer);
    else byConsumer.set(consumer, quantity);
    state.consumers.set(line.parte, byConsumer);
  }
}

/** A supply item's unit cost: its average across locations, else its reference cost, else 0. */
export function unitCostOf(item: ItemNode): Pair {
  const totals = settledTotals(item);
  return {
    custo: totals?.custoMedio ?? item.referencia ?? ZERO,
    bruto: totals?.custoMedioBruto ?? item.referencia ?? ZERO,
  };
}
