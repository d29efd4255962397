import { acrossLocations } from '@factory/domain';
import { type Exact, exact, text } from './exact.js';

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
 * The domain's rule for an item across its locations (`acrossLocations`), on the roll-up's exact
 * decimals. Null for an item that never moved: it has no balance at all.
 */
export function itemTotals(locations: Iterable<LocationState>): ItemTotals | null {
  const stocks = [];
  for (const l of locations)
    stocks.push({
      localId: l.localId,
      saldo: text(l.saldo),
      custoMedio: text(l.custoMedio),
      custoMedioBruto: text(l.custoMedioBruto),
      movidoEm: l.movidoEm,
    });
  const totals = acrossLocations(stocks);
  return (
    totals && {
      saldo: exact(totals.saldo),
      custoMedio: exact(totals.custoMedio),
      custoMedioBruto: exact(totals.custoMedioBruto),
    }
  );
}
