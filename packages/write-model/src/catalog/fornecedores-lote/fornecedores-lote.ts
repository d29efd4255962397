import { type FornecedorItem, fornecedorDecider, type SalvarFornecedor } from '@factory/domain';
import { isUuid } from '../../uuid.js';
import { isoInstant } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { SaveOutcome } from '../catalog-outcome.js';
import { supplierStream } from '../catalog-streams.js';
import { type CommandIds, commandIds } from '../command-ids.js';
import { runCatalogCommand } from '../run-catalog-command.js';
import { saveOutcome } from '../save-outcome.js';
import { supplierKeys, supplierRows } from '../supplier-rows.js';
import { supplierHoldingDocument } from '../tables/suppliers-table.js';

/** The digits of a tax id as the domain reads it (punctuation ignored); null when it cannot be one. */
export function taxIdDigits(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[0-9./ -]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 || digits.length === 14 ? digits : null;
}

/** The tax id a supplier item names, as held in `catalog_suppliers`. */
export const itemDocument = (item: Readonly<Record<string, unknown>>): string | null =>
  taxIdDigits(item.cnpj);

/**
 * The item's supplier and its command: its `id` names the supplier to update; else the
 * company's non-deleted supplier with its tax id (`owner`); else a new one. An `id` that is not
 * a uuid names no supplier: the decider answers not found on an empty stream.
 */
export function salvarFornecedor(
  context: CatalogWriteContext,
  ids: CommandIds,
  item: FornecedorItem,
  owner: string | null,
  known: string | null = null,
): { id: string; command: SalvarFornecedor } {
  const raw = item as Record<string, unknown>;
  const named = typeof raw.id === 'string' && isUuid(raw.id) ? raw.id.toLowerCase() : null;
  const id =
    known ??
    (Object.hasOwn(raw, 'id') ? (named ?? ids.minted('sem-id')) : (owner ?? ids.minted('fornecedor')));
  const command: SalvarFornecedor = {
    type: 'SalvarFornecedor',
    data: {
      fornecedor_id: id,
      item: named === null ? item : { ...item, id: named },
      agora: isoInstant(context.now),
    },
    context: { taxIdOwner: owner },
  };
  return { id, command };
}

/** Upserts one supplier item (see salvarFornecedor). */
export async function fornecedoresLoteItem(
  deps: CatalogDeps,
  context: CatalogWriteContext,
  received: Readonly<Record<string, unknown>>,
): Promise<SaveOutcome> {
  // The decider checks every value; the type only names the keys it reads.
  const item = received as FornecedorItem;
  const { empresaId } = context;
  const ids = commandIds(context, context.part ?? 'SalvarFornecedor');
  const run = await runCatalogCommand(deps, context, ids, {
    decider: fornecedorDecider,
    snapshots: deps.snapshots.supplier,
    stream: (id) => supplierStream(empresaId, id),
    async resolve(db, known) {
      const owner = await supplierHoldingDocument(db, empresaId, itemDocument(received));
      return salvarFornecedor(context, ids, item, owner, known);
    },
    rows: (events) => supplierRows(empresaId, events),
    keys: (events, decidedOn) => supplierKeys(empresaId, events, decidedOn),
  });
  return saveOutcome(run);
}
