import type { FornecedorEvent, FornecedorState } from '@factory/domain';
import { type ProjectedRow, projected, type UniquenessChange } from '@factory/event-store';
import type { AppendedEvent } from '../stream-command.js';
import { oneSet } from './tables/one-set.js';
import { documentOf, supplierRowOf, suppliersTable } from './tables/suppliers-table.js';

/** The write-side rows of a supplier's events (data for the store): its record and tax id. */
export function supplierRows(
  empresaId: string,
  events: readonly AppendedEvent<FornecedorEvent>[],
): ProjectedRow[] {
  return events
    .flatMap((event) => supplierRowOf(empresaId, event) ?? [])
    .map((row) => projected(suppliersTable, [row]));
}

/**
 * The rows of distinct suppliers' events (a batch's items decided together) as one set (`oneSet`).
 */
export function supplierRowsTogether(
  empresaId: string,
  events: ReadonlyArray<readonly AppendedEvent<FornecedorEvent>[]>,
): ProjectedRow[] | null {
  return oneSet(
    suppliersTable,
    events.map((one) => one.flatMap((event) => supplierRowOf(empresaId, event) ?? [])),
  );
}

/** The tax id a supplier's events claim and release, from the state they were decided on. */
export function supplierKeys(
  empresaId: string,
  events: readonly FornecedorEvent[],
  decidedOn: FornecedorState,
): UniquenessChange[] {
  let held = decidedOn.excluidoEm === null && decidedOn.fornecedor ? documentOf(decidedOn.fornecedor) : null;
  const changes: UniquenessChange[] = [];
  const key = (value: string) => ({ scope: 'fornecedor_documento' as const, empresaId, value });
  for (const event of events) {
    const owner = event.data.fornecedor_id;
    let next = held;
    if (event.type === 'FornecedorCadastrado.v1') next = documentOf(event.data);
    else if (event.type === 'FornecedorExcluido.v1') next = null;
    else if (Object.hasOwn(event.data.alteracoes, 'cnpj') || Object.hasOwn(event.data.alteracoes, 'cpf'))
      next = documentOf(event.data.alteracoes);
    if (next === held) continue;
    if (held !== null) changes.push({ op: 'release', key: key(held), owner });
    if (next !== null) changes.push({ op: 'claim', key: key(next), owner });
    held = next;
  }
  return changes;
}
