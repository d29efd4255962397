import { type InsumoItem, insumoDecider, type SalvarInsumo } from '@factory/domain';
import { readUnitCodes } from '@factory/tenants';
import { stockStream } from '../../stock/stock-stream.js';
import { isUuid } from '../../uuid.js';
import { isoInstant } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { SaveOutcome } from '../catalog-outcome.js';
import { type CommandIds, commandIds } from '../command-ids.js';
import type { Db } from '../run-catalog-command.js';
import { runCatalogCommand } from '../run-catalog-command.js';
import { saveOutcome } from '../save-outcome.js';
import { supplyItemKeys, supplyItemRows } from '../supply-item-rows.js';

// Per item asked (in the order given): its supply item and whether its default supplier is one of
// the company's. Items and suppliers are read once for the whole batch (`= ANY`), then matched to
// each item, as the products' facts are (product-lookups.ts says why).
const SAVE_FACTS = `WITH q AS MATERIALIZED (
  SELECT * FROM unnest($2::text[], $3::uuid[], $4::uuid[]) WITH ORDINALITY AS q(sku, fornecedor_id, id, n)
),
named AS MATERIALIZED (
  SELECT i.insumo_id, i.sku FROM catalog_supply_items i
   WHERE i.empresa_id = $1 AND i.excluido_em IS NULL AND i.sku = ANY ($2::text[])
),
suppliers AS MATERIALIZED (
  SELECT f.fornecedor_id FROM catalog_suppliers f
   WHERE f.empresa_id = $1 AND f.excluido_em IS NULL AND f.fornecedor_id = ANY ($3::uuid[])
)
SELECT coalesce(q.id, (SELECT n.insumo_id FROM named n WHERE n.sku = q.sku)) AS insumo_id,
       EXISTS (SELECT 1 FROM suppliers s WHERE s.fornecedor_id = q.fornecedor_id) AS supplier_exists
  FROM q
 ORDER BY q.n`;

export interface SupplyItemSaveFacts {
  insumo_id: string | null;
  supplier_exists: boolean;
  units: Awaited<ReturnType<typeof readUnitCodes>>;
}

/** Everything each supply item's decision reads outside its stream, in one query (and the units). */
export async function supplyItemsSaveFacts(
  db: Db,
  empresaId: string,
  asked: ReadonlyArray<{ item: InsumoItem; id: string | null }>,
): Promise<SupplyItemSaveFacts[]> {
  const inputs = asked.map(({ item, id }) => {
    const raw = item as Record<string, unknown>;
    const supplier = raw.fornecedor_padrao_id;
    return {
      sku: typeof raw.sku === 'string' ? raw.sku : null,
      supplier: typeof supplier === 'string' && isUuid(supplier) ? supplier : null,
      id,
    };
  });
  // The company's units are @factory/tenants' to read.
  const [{ rows }, units] = await Promise.all([
    db.query<{ insumo_id: string | null; supplier_exists: boolean }>(SAVE_FACTS, [
      empresaId,
      inputs.map((i) => i.sku),
      inputs.map((i) => i.supplier),
      inputs.map((i) => i.id),
    ]),
    readUnitCodes(db, empresaId),
  ]);
  return rows.map((row) => ({ ...row, units }));
}

/** The item's supply item (the one its facts found, else a new id) and its command. */
export function salvarInsumo(
  context: CatalogWriteContext,
  ids: CommandIds,
  item: InsumoItem,
  facts: SupplyItemSaveFacts,
): { id: string; command: SalvarInsumo } {
  const id = facts.insumo_id ?? ids.minted('insumo');
  const command: SalvarInsumo = {
    type: 'SalvarInsumo',
    data: { insumo_id: id, item, agora: isoInstant(context.now) },
    context: {
      canReadCosts: context.canReadCosts,
      units: facts.units,
      defaultSupplierExists: facts.supplier_exists,
    },
  };
  return { id, command };
}

/** Upserts one supply item: matched by the company's non-deleted item with its SKU, else created. */
export async function insumosLoteItem(
  deps: CatalogDeps,
  context: CatalogWriteContext,
  received: Readonly<Record<string, unknown>>,
): Promise<SaveOutcome> {
  // The decider checks every value; the type only names the keys it reads.
  const item = received as InsumoItem;
  const { empresaId } = context;
  const ids = commandIds(context, context.part ?? 'SalvarInsumo');
  const run = await runCatalogCommand(deps, context, ids, {
    decider: insumoDecider,
    snapshots: deps.snapshots.supplyItem,
    stream: (id) => stockStream(empresaId, id),
    async resolve(db, known) {
      const [facts] = await supplyItemsSaveFacts(db, empresaId, [{ item, id: known }]);
      return salvarInsumo(context, ids, item, facts!);
    },
    rows: (events) => supplyItemRows(empresaId, events),
    keys: (events, decidedOn) => supplyItemKeys(empresaId, events, decidedOn),
  });
  return saveOutcome(run);
}
