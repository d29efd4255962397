import { divideHalfEven, type Exact, exact, plus, text, times, ZERO } from '../decimal/exact.js';
import { COST_SCALE, type Dec, dec, roundCost, toText } from './money.js';
import type { LocationBalance } from './state.js';

/**
 * Weighted average cost of one location (reais per consumption unit). Averages are
 * rounded to COST_SCALE decimal places, half to even, after each movement; balances are
 * exact. The same rules give the bruto average from the bruto unit costs.
 */

/** Inflow of q > 0 at cost c on balance s at average a. */
export function averageAfterInflow(s: Dec, a: Dec, q: Dec, c: Dec): Dec {
  const after = s.plus(q);
  if (s.gt(0) && after.gt(0)) return roundCost(s.times(a).plus(q.times(c)).div(after));
  return c;
}

/**
 * Reversal of an inflow of q > 0 that entered at cost c: takes q back out at c, the exact
 * inverse of averageAfterInflow while nothing else happened in between. When nothing
 * would remain (s - q <= 0) there is no stock left to value: the average is kept, as an
 * outflow keeps it (the next inflow on a balance <= 0 resets it to its own cost anyway).
 * When the location's value cannot cover the reversal (s*a < q*c, e.g. the stock was used
 * and refilled cheaper), the average floors at 0: a negative unit cost is meaningless.
 */
export function averageAfterInflowReversal(s: Dec, a: Dec, q: Dec, c: Dec): Dec {
  const after = s.minus(q);
  if (!after.gt(0)) return a;
  const average = roundCost(s.times(a).minus(q.times(c)).div(after));
  return average.isNegative() ? dec('0') : average;
}

/** A location's balance and averages as decimals. */
export type Position = { saldo: Dec; custoMedio: Dec; custoMedioBruto: Dec };

export const toPosition = (balance: LocationBalance): Position => ({
  saldo: dec(balance.saldo),
  custoMedio: dec(balance.custoMedio),
  custoMedioBruto: dec(balance.custoMedioBruto),
});

export const toBalance = (position: Position): LocationBalance => ({
  saldo: toText(position.saldo),
  custoMedio: toText(position.custoMedio),
  custoMedioBruto: toText(position.custoMedioBruto),
});

/** An ordinary movement: inflows move the averages, outflows keep them. */
export function applyMovement(p: Position, q: Dec, cost: Dec, costBruto: Dec): Position {
  if (q.isNegative()) return { ...p, saldo: p.saldo.plus(q) };
  return {
    saldo: p.saldo.plus(q),
    custoMedio: averageAfterInflow(p.saldo, p.custoMedio, q, cost),
    custoMedioBruto: averageAfterInflow(p.saldo, p.custoMedioBruto, q, costBruto),
  };
}

/**
 * Undoes an original movement of quantity q at its unit costs. An original inflow goes
 * back out at its own costs; an original outflow comes back in at the costs it left at,
 * i.e. as an inflow at those costs.
 */
export function applyReversal(p: Position, q: Dec, cost: Dec, costBruto: Dec): Position {
  if (q.isNegative()) return applyMovement(p, q.neg(), cost, costBruto);
  return {
    saldo: p.saldo.minus(q),
    custoMedio: averageAfterInflowReversal(p.saldo, p.custoMedio, q, cost),
    custoMedioBruto: averageAfterInflowReversal(p.saldo, p.custoMedioBruto, q, costBruto),
  };
}

/** A location's stock after its last movement, and when that was (ISO 8601). */
export type LocationStock = LocationBalance & { localId: string; movidoEm: string };

/**
 * The item's stock across its locations: the balances summed; the averages of the locations with
 * a positive balance, weighted by it and rounded as every average is (COST_SCALE places, half to
 * even); with no positive balance anywhere, those of the location moved last (greatest movidoEm,
 * then greatest local id). A negative balance weighs nothing: it could take the average out of
 * the locations' range, or change its sign. Null for an item that never moved.
 * The one home of this rule: the catalog's Insumo and the stock's item totals use it (the
 * projector's set-based SQL is generated to round the same way and tested against it).
 */
export function acrossLocations(locations: Iterable<LocationStock>): LocationBalance | null {
  const exactLocations = [];
  for (const l of locations)
    exactLocations.push({
      localId: l.localId,
      movidoEm: l.movidoEm,
      saldo: exact(l.saldo),
      custoMedio: exact(l.custoMedio),
      custoMedioBruto: exact(l.custoMedioBruto),
    });
  const totals = acrossLocationsExact(exactLocations);
  return (
    totals && {
      saldo: text(totals.saldo),
      custoMedio: text(totals.custoMedio),
      custoMedioBruto: text(totals.custoMedioBruto),
    }
  );
}

/** A location's stock in exact decimals (`@factory/domain/exact`), as the projector holds it. */
export interface ExactLocationStock {
  localId: string;
  movidoEm: string;
  saldo: Exact;
  custoMedio: Exact;
  custoMedioBruto: Exact;
}

/**
 * `acrossLocations` on exact decimals, the rule's body: the projector's cost roll-up calls it for
 * every item a batch moves, so it reads and writes no text. BigInt, not Dec: the average's one
 * rounding (COST_SCALE places, half to even) of the exact quotient is the rule, and decimal.js
 * objects cost tens of microseconds a call here.
 */
export function acrossLocationsExact(
  locations: Iterable<ExactLocationStock>,
): { saldo: Exact; custoMedio: Exact; custoMedioBruto: Exact } | null {
  let saldo = ZERO;
  let weight = ZERO;
  let value = ZERO;
  let valueBruto = ZERO;
  let last: ExactLocationStock | null = null;
  let lastMs = 0;
  for (const location of locations) {
    saldo = plus(saldo, location.saldo);
    if (location.saldo.units > 0n) {
      weight = plus(weight, location.saldo);
      value = plus(value, times(location.saldo, location.custoMedio));
      valueBruto = plus(valueBruto, times(location.saldo, location.custoMedioBruto));
    }
    const ms = Date.parse(location.movidoEm);
    if (last === null || ms > lastMs || (ms === lastMs && location.localId > last.localId)) {
      last = location;
      lastMs = ms;
    }
  }
  if (last === null) return null;
  if (weight.units === 0n)
    return { saldo, custoMedio: last.custoMedio, custoMedioBruto: last.custoMedioBruto };
  return {
    saldo,
    custoMedio: divideHalfEven(value, weight, COST_SCALE),
    custoMedioBruto: divideHalfEven(valueBruto, weight, COST_SCALE),
  };
}
