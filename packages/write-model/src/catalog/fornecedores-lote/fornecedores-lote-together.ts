import {
  type FornecedorCommand,
  type FornecedorEvent,
  type FornecedorItem,
  type FornecedorState,
  fornecedorDecider,
} from '@factory/domain';
import type { CatalogDeps } from '../catalog-deps.js';
import type { SaveOutcome } from '../catalog-outcome.js';
import { supplierStream } from '../catalog-streams.js';
import { saveTogether, type TogetherItem, type TogetherSpec } from '../save-together.js';
import { supplierKeys, supplierRowsTogether } from '../supplier-rows.js';
import { suppliersHoldingDocuments } from '../tables/suppliers-table.js';
import { itemDocument, salvarFornecedor } from './fornecedores-lote.js';

/**
 * Supplier items of one batch as one write (`saveTogether`): one read of the suppliers holding
 * their tax ids. Which supplier an item names is known only once resolved (by id, else tax id),
 * so the batch's lanes cannot vouch for them: every item runs alone (in body order) when two
 * name one supplier, or one's decision reads the holder of its tax id and another item writes
 * that holder (it may be giving the tax id up). Two items never claim one tax id: the batch
 * refuses the second (repeated key). Per item its outcome, or null to run alone (`fornecedoresLoteItem`).
 */
export async function fornecedoresLoteTogether(
  deps: CatalogDeps,
  items: readonly TogetherItem[],
): Promise<Array<SaveOutcome | null>> {
  return saveTogether(deps, items, suppliers(deps));
}

const suppliers = (deps: CatalogDeps): TogetherSpec<FornecedorState, FornecedorCommand, FornecedorEvent> => ({
  decider: fornecedorDecider,
  snapshots: deps.snapshots.supplier,
  part: 'SalvarFornecedor',
  async targets(empresaId, items) {
    const documents = items.map(({ item }) => itemDocument(item));
    const holders = await suppliersHoldingDocuments(deps.pool, empresaId, documents);
    const targets = items.map(({ context, item, ids }, n) => {
      const owner = documents[n] === null ? null : (holders.get(documents[n]!) ?? null);
      const { id, command } = salvarFornecedor(context, ids, item as FornecedorItem, owner);
      return { id, owner, stream: supplierStream(empresaId, id), command };
    });
    const written = new Set(targets.map((t) => t.id));
    const readsAnother = targets.some((t) => t.owner !== null && t.owner !== t.id && written.has(t.owner));
    return readsAnother ? null : targets;
  },
  rows: supplierRowsTogether,
  keys: supplierKeys,
});
