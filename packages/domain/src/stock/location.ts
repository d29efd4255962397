import { type Position, toPosition } from './average-cost.js';
import { dec } from './money.js';
import type { ItemDefinition, StockState } from './state.js';

/**
 * A location's position before a movement. A location without movements has balance 0
 * and, as its "current average", the item's reference cost (else 0): the value an entry
 * without a unit cost, or an outflow, takes there.
 */
export function positionAt(state: StockState, item: ItemDefinition, localId: string): Position {
  const balance = state.locations.get(localId);
  if (balance !== undefined) return toPosition(balance);
  const reference = dec(item.custoReferencia ?? '0');
  return { saldo: dec('0'), custoMedio: reference, custoMedioBruto: reference };
}
