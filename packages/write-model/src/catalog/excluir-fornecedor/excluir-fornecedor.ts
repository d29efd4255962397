import { type ExcluirFornecedor, type FornecedorState, fornecedorDecider } from '@factory/domain';
import { isoInstant } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { DeleteOutcome } from '../catalog-outcome.js';
import { supplierStream } from '../catalog-streams.js';
import { commandIds } from '../command-ids.js';
import { deleteOutcome } from '../delete-outcome.js';
import { runCatalogCommand } from '../run-catalog-command.js';
import { supplierKeys, supplierRows } from '../supplier-rows.js';

/** Deletes a supplier; supply items naming it as their default keep the id (see the decider). */
export async function excluirFornecedor(
  deps: CatalogDeps,
  context: CatalogWriteContext,
  fornecedorId: string,
): Promise<DeleteOutcome> {
  const { empresaId } = context;
  const run = await runCatalogCommand(
    deps,
    context,
    commandIds(context, context.part ?? 'ExcluirFornecedor'),
    {
      decider: fornecedorDecider,
      snapshots: deps.snapshots.supplier,
      stream: (id) => supplierStream(empresaId, id),
      async resolve() {
        const command: ExcluirFornecedor = {
          type: 'ExcluirFornecedor',
          data: { fornecedor_id: fornecedorId, agora: isoInstant(context.now) },
        };
        return { id: fornecedorId, command };
      },
      rows: (events) => supplierRows(empresaId, events),
      keys: (events, decidedOn) => supplierKeys(empresaId, events, decidedOn),
    },
  );
  return deleteOutcome(run, (state: FornecedorState) => state.excluidoEm);
}
