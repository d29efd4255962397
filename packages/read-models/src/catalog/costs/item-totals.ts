import { acrossLocationsExact } from '@factory/domain';
import type { Exact } from '@factory/domain/exact';

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

/**
 * The domain's rule for an item across its locations (`acrossLocationsExact`), on the roll-up's
 * exact decimals. Null for an item that never moved: it has no balance at all.
 */
export function itemTotals(locations: Iterable<LocationState>): ItemTotals | null {
  return acrossLocationsExact(locations);
}
