import { type ExcluirInsumo, type InsumoState, insumoDecider } from '@factory/domain';
import { stockStream } from '../../stock/stock-stream.js';
import { isoInstant } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { DeleteOutcome } from '../catalog-outcome.js';
import { commandIds } from '../command-ids.js';
import { deleteOutcome } from '../delete-outcome.js';
import { runCatalogCommand } from '../run-catalog-command.js';
import { supplyItemKeys, supplyItemRows } from '../supply-item-rows.js';
import { activeBillsUsing } from '../tables/active-bills-table.js';

/** Deletes a supply item unless an active bill uses it (checked again behind the company's relations fence). */
export async function excluirInsumo(
  deps: CatalogDeps,
  context: CatalogWriteContext,
  insumoId: string,
): Promise<DeleteOutcome> {
  const { empresaId } = context;
  const run = await runCatalogCommand(deps, context, commandIds(context, context.part ?? 'ExcluirInsumo'), {
    decider: insumoDecider,
    snapshots: deps.snapshots.supplyItem,
    stream: (id) => stockStream(empresaId, id),
    async resolve(db) {
      const command: ExcluirInsumo = {
        type: 'ExcluirInsumo',
        data: { insumo_id: insumoId, agora: isoInstant(context.now) },
        context: { usedBy: await activeBillsUsing(db, empresaId, 'insumo_id', insumoId) },
      };
      return { id: insumoId, command };
    },
    rows: (events) => supplyItemRows(empresaId, events),
    keys: (events, decidedOn) => supplyItemKeys(empresaId, events, decidedOn),
    relational: true,
  });
  return deleteOutcome(run, (state: InsumoState) => state.excluidoEm);
}
