import type { InsumoState, InsumoStreamEvent } from '@factory/domain';
import { type ProjectedRow, projected, type UniquenessChange } from '@factory/event-store';
import type { AppendedEvent } from '../stream-command.js';
import { oneSet } from './tables/one-set.js';
import { type SupplyItemRow, supplyItemRowOf, supplyItemsTable } from './tables/supply-items-table.js';

/** The write-side rows of a supply item's catalog events (data for the store): its record. */
export function supplyItemRows(
  empresaId: string,
  events: readonly AppendedEvent<InsumoStreamEvent>[],
): ProjectedRow[] {
  return recordChanges(empresaId, events).map((row) => projected(supplyItemsTable, [row]));
}

/**
 * The rows of distinct supply items' events (a batch's items decided together) as one set (`oneSet`).
 */
export function supplyItemRowsTogether(
  empresaId: string,
  events: ReadonlyArray<readonly AppendedEvent<InsumoStreamEvent>[]>,
): ProjectedRow[] | null {
  return oneSet(
    supplyItemsTable,
    events.map((one) => recordChanges(empresaId, one)),
  );
}

/** The record's changes, in order; the write that creates the item holds what its definition repeats. */
function recordChanges(
  empresaId: string,
  events: readonly AppendedEvent<InsumoStreamEvent>[],
): SupplyItemRow[] {
  const created = events.some((event) => event.type === 'InsumoCadastrado.v1');
  return events.flatMap((event) => supplyItemRowOf(empresaId, event, created) ?? []);
}

/** The SKU a supply item's events claim (creation) or release (deletion). */
export function supplyItemKeys(
  empresaId: string,
  events: readonly InsumoStreamEvent[],
  decidedOn: InsumoState,
): UniquenessChange[] {
  let sku = decidedOn.insumo?.sku ?? null;
  return events.flatMap((event): UniquenessChange[] => {
    if (event.type === 'InsumoCadastrado.v1') {
      sku = event.data.sku;
      return [
        { op: 'claim', key: { scope: 'insumo_sku', empresaId, value: sku }, owner: event.data.insumo_id },
      ];
    }
    if (event.type === 'InsumoExcluido.v1' && sku !== null)
      return [
        { op: 'release', key: { scope: 'insumo_sku', empresaId, value: sku }, owner: event.data.insumo_id },
      ];
    return [];
  });
}
