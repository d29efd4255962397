import {
  type InsumoCommand,
  type InsumoItem,
  type InsumoState,
  type InsumoStreamEvent,
  insumoDecider,
} from '@factory/domain';
import { stockStream } from '../../stock/stock-stream.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { SaveOutcome } from '../catalog-outcome.js';
import { saveTogether, type TogetherItem, type TogetherSpec } from '../save-together.js';
import { supplyItemKeys, supplyItemRowsTogether } from '../supply-item-rows.js';
import { salvarInsumo, supplyItemsSaveFacts } from './insumos-lote.js';

/**
 * Supply items of one batch, distinct SKUs (the batch's lanes vouch for that), as one write
 * (`saveTogether`): one read of their records and default suppliers, one of the company's units.
 * A supply item's decision reads no other item of the batch. Per item its outcome, or null to run
 * alone (`insumosLoteItem`).
 */
export async function insumosLoteTogether(
  deps: CatalogDeps,
  items: readonly TogetherItem[],
): Promise<Array<SaveOutcome | null>> {
  return saveTogether(deps, items, supplyItems(deps));
}

const supplyItems = (deps: CatalogDeps): TogetherSpec<InsumoState, InsumoCommand, InsumoStreamEvent> => ({
  decider: insumoDecider,
  snapshots: deps.snapshots.supplyItem,
  part: 'SalvarInsumo',
  async targets(empresaId, items) {
    const facts = await supplyItemsSaveFacts(
      deps.pool,
      empresaId,
      items.map(({ item }) => ({ item: item as InsumoItem, id: null })),
    );
    return items.map(({ context, item, ids }, n) => {
      const { id, command } = salvarInsumo(context, ids, item as InsumoItem, facts[n]!);
      return { id, stream: stockStream(empresaId, id), command };
    });
  },
  rows: supplyItemRowsTogether,
  keys: supplyItemKeys,
});
