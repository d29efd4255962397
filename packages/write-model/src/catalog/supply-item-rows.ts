import type { InsumoState, InsumoStreamEvent } from '@factory/domain';
import { type ProjectedRow, projected, type UniquenessChange } from '@factory/event-store';
import type { AppendedEvent } from '../stream-command.js';
import { supplyItemRowOf, supplyItemsTable } from './tables/supply-items-table.js';

/** The write-side rows of a supply item's catalog events (data for the store): its record. */
export function supplyItemRows(
  empresaId: string,
  events: readonly AppendedEvent<InsumoStreamEvent>[],
): ProjectedRow[] {
  const created = events.some((event) => event.type === 'InsumoCadastrado.v1');
  return events.flatMap((event) => {
    const row = supplyItemRowOf(empresaId, event, created);
    return row ? [projected(supplyItemsTable, row)] : [];
  });
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
