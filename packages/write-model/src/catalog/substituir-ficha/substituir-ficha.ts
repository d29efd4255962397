import { type DefinirFicha, type FichaDefinida, type LinhaFichaItem, produtoDecider } from '@factory/domain';
import { isUuid } from '../../uuid.js';
import { isoInstant } from '../../write-context.js';
import { billFacts } from '../bill-lookups.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { Refused } from '../catalog-outcome.js';
import { productStream } from '../catalog-streams.js';
import { commandIds } from '../command-ids.js';
import { productKeys, productRows } from '../product-rows.js';
import { runCatalogCommand } from '../run-catalog-command.js';

/** A bill line as the body sends it (values still checked by the decider). */
export type BillLineInput = Omit<LinhaFichaItem, 'id'>;

export type SubstituirFichaOutcome = { ok: true; ficha: FichaDefinida['data']; position: number } | Refused;

/**
 * Replaces a product's bill with the next version. The lines' items, components and the bill
 * graph are read again behind the company's relations fence and the bill decided again, so two concurrent
 * PUTs that would close a cycle together cannot both commit: the second sees the first.
 * Line ids come from the command's ids, so a retried request decides the very same bill.
 */
export async function substituirFicha(
  deps: CatalogDeps,
  context: CatalogWriteContext,
  produtoId: string,
  lines: readonly BillLineInput[],
): Promise<SubstituirFichaOutcome> {
  const { empresaId } = context;
  const ids = commandIds(context, context.part ?? 'DefinirFicha');
  const linhas = lines.map(
    (line, i) => ({ ...lowerCaseIds(line), id: ids.minted(`linha-${i}`) }) as LinhaFichaItem,
  );
  const run = await runCatalogCommand(deps, context, ids, {
    decider: produtoDecider,
    snapshots: deps.snapshots.product,
    stream: (id) => productStream(empresaId, id),
    async resolve(db) {
      const command: DefinirFicha = {
        type: 'DefinirFicha',
        data: { produto_id: produtoId, linhas, agora: isoInstant(context.now) },
        context: await billFacts(db, empresaId, linhas),
      };
      return { id: produtoId, command };
    },
    rows: (events) => productRows(empresaId, events),
    keys: (events, decidedOn) => productKeys(empresaId, events, decidedOn),
    relational: true,
  });
  if (!run.ok) return run;
  if (run.kind !== 'appended') throw new Error('a bill definition always appends');
  const defined = run.events.find((event) => event.type === 'FichaDefinida.v1') as FichaDefinida | undefined;
  if (defined === undefined) throw new Error('a bill definition appended no FichaDefinida.v1');
  return { ok: true, ficha: defined.data, position: run.position };
}

// Ids are compared as stored (lower case); a client may send a uuid in upper case.
const lowerCaseIds = (line: BillLineInput): BillLineInput => {
  if (typeof line !== 'object' || line === null) return line;
  const lower = (id: unknown) => (typeof id === 'string' && isUuid(id) ? id.toLowerCase() : id);
  return {
    ...line,
    insumo_id: lower(line.insumo_id),
    componente_id: lower(line.componente_id),
  } as BillLineInput;
};
