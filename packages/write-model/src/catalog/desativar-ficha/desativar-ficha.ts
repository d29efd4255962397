import { type DesativarFicha, type FichaDesativada, produtoDecider } from '@factory/domain';
import { isoInstant } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { Refused } from '../catalog-outcome.js';
import { productStream } from '../catalog-streams.js';
import { commandIds } from '../command-ids.js';
import { productKeys, productRows } from '../product-rows.js';
import { runCatalogCommand } from '../run-catalog-command.js';

export type DesativarFichaOutcome =
  | { ok: true; produto_id: string; versao: number; position: number }
  | Refused;

/**
 * The product's active bill turns inactive; not found when none is active. Removing edges
 * cannot close a cycle, so no lock is taken.
 */
export async function desativarFicha(
  deps: CatalogDeps,
  context: CatalogWriteContext,
  produtoId: string,
): Promise<DesativarFichaOutcome> {
  const { empresaId } = context;
  const run = await runCatalogCommand(deps, context, commandIds(context, context.part ?? 'DesativarFicha'), {
    decider: produtoDecider,
    snapshots: deps.snapshots.product,
    stream: (id) => productStream(empresaId, id),
    async resolve() {
      const command: DesativarFicha = {
        type: 'DesativarFicha',
        data: { produto_id: produtoId, agora: isoInstant(context.now) },
      };
      return { id: produtoId, command };
    },
    rows: (events) => productRows(empresaId, events),
    keys: (events, decidedOn) => productKeys(empresaId, events, decidedOn),
  });
  if (!run.ok) return run;
  if (run.kind !== 'appended') throw new Error('a bill deactivation always appends');
  const event = run.events.at(-1) as FichaDesativada;
  return { ok: true, produto_id: produtoId, versao: event.data.versao, position: run.position };
}
