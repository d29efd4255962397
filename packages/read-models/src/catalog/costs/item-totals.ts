import { divide, type Exact, plus, times, ZERO } from './exact.js';

/** A location's stock after its last movement, as the movement event recorded it. */
export interface LocationState {
  localId: string;
  saldo: Exact;
  custoMedio: Exact;
  custoMedioBruto: Exact;
  /** The greatest criado_em of its movements (ISO 8601). */
  movidoEm: string;
}

/** An item's stock across its locations: the Insumo's saldo, custo_medio and custo_medio_bruto. */
export interface ItemTotals {
  saldo: Exact;
  custoMedio: Exact;
  custoMedioBruto: Exact;
}

/** Places kept by the item averages, as the stock's own item totals (estoque_itens) keep. */
const AVERAGE_PLACES = 16;

/**
 * The stock's rule for an item across locations (packages/read-models README, estoque_itens):
 * the averages of the locations with a positive balance, weighted by it and rounded half away
 * from zero; with no positive balance anywhere, those of the location moved last (greatest
 * movidoEm, then local id). Null for an item that never moved: it has no balance at all.
 */
export function itemTotals(locations: Iterable<LocationState>): ItemTotals | null {
  let saldo = ZERO;
  let weight = ZERO;
  let value = ZERO;
  let valueBruto = ZERO;
  let last: LocationState | null = null;
  let lastMs = 0;
  for (const l of locations) {
    saldo = plus(saldo, l.saldo);
    if (l.saldo.units > 0n) {
      weight = plus(weight, l.saldo);
      value = plus(value, times(l.saldo, l.custoMedio));
      valueBruto = plus(valueBruto, times(l.saldo, l.custoMedioBruto));
    }
    const ms = Date.parse(l.movidoEm);
    if (last === null || ms > lastMs || (ms === lastMs && l.localId > last.localId)) {
      last = l;
      lastMs = ms;
    }
  }
  if (last === null) return null;
  if (weight.units === 0n)
    return { saldo, custoMedio: last.custoMedio, custoMedioBruto: last.custoMedioBruto };
  return {
    saldo,
    custoMedio: divide(value, weight, AVERAGE_PLACES),
    custoMedioBruto: divide(valueBruto, weight, AVERAGE_PLACES),
  };
}
