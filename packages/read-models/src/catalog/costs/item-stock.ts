import type { MovimentoFatos } from '@factory/domain';
import { type Exact, exact } from '@factory/domain/exact';
import { type ItemTotals, itemTotals, type LocationState } from './item-totals.js';

/** A location's after-state as the batch's last movement there recorded it, still as text. */
export interface PendingLocation {
  saldo: string;
  custoMedio: string;
  custoMedioBruto: string;
  /** The greatest criado_em of the location's movements, and its instant in ms. */
  movidoEm: string;
  movidoMs: number;
}

/** A supply item the batch touched: its reference cost and its stock by location. */
export interface ItemNode {
  empresaId: string;
  id: string;
  referencia: Exact | null;
  /** The totals of `locations`; read them through settledTotals. */
  totals: ItemTotals | null;
  locations: Map<string, LocationState>;
  /** Movements recorded since the totals were computed: the last state of each location. */
  pending: Map<string, PendingLocation>;
  /** The greatest criado_em of the batch's movements of the item (and in ms); null when none. */
  movedAt: string | null;
  movedMs: number;
  movedLocations: Set<string>;
}

/**
 * Records a movement's after-state in its item, without arithmetic: most items are consumed by
 * no bill, and for them only the last state of each location in the batch matters, so the
 * decimals are parsed and the totals computed once per item and batch (`settledTotals`), not
 * once per event. The result is the same: the totals are a function of the locations alone.
 */
export function recordMovement(item: ItemNode, facts: MovimentoFatos): void {
  const at = Date.parse(facts.criado_em);
  const before = item.pending.get(facts.local_id);
  let movidoEm = facts.criado_em;
  let movidoMs = at;
  const previous = before ?? settledInstant(item.locations.get(facts.local_id)?.movidoEm);
  // The later instant, keeping the one already there on a tie (as `latest` in catalog-events.ts).
  if (previous !== null && !(at > previous.movidoMs)) ({ movidoEm, movidoMs } = previous);
  item.pending.set(facts.local_id, {
    saldo: facts.saldo,
    custoMedio: facts.custo_medio,
    custoMedioBruto: facts.custo_medio_bruto,
    movidoEm,
    movidoMs,
  });
  if (item.movedAt === null || at > item.movedMs) {
    item.movedAt = facts.criado_em;
    item.movedMs = at;
  }
  item.movedLocations.add(facts.local_id);
}

/** The item's totals across its locations, with every recorded movement applied. */
export function settledTotals(item: ItemNode): ItemTotals | null {
  if (item.pending.size === 0) return item.totals;
  for (const [localId, p] of item.pending)
    item.locations.set(localId, {
      localId,
      saldo: exact(p.saldo),
      custoMedio: exact(p.custoMedio),
      custoMedioBruto: exact(p.custoMedioBruto),
      movidoEm: p.movidoEm,
    });
  item.pending.clear();
  item.totals = itemTotals(item.locations.values());
  return item.totals;
}

const settledInstant = (movidoEm: string | undefined) =>
  movidoEm === undefined ? null : { movidoEm, movidoMs: Date.parse(movidoEm) };
