import { type InsumoItem, insumoDecider, type SalvarInsumo } from '@factory/domain';
import { readUnitCodes } from '@factory/tenants';
import { stockStream } from '../../stock/stock-stream.js';
import { isUuid } from '../../uuid.js';
import { isoInstant } from '../../write-context.js';
import type { CatalogWriteContext } from '../catalog-context.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { SaveOutcome } from '../catalog-outcome.js';
import { commandIds } from '../command-ids.js';
import type { Db } from '../run-catalog-command.js';
import { runCatalogCommand } from '../run-catalog-command.js';
import { saveOutcome } from '../save-outcome.js';
import { supplyItemKeys, supplyItemRows } from '../supply-item-rows.js';

const SAVE_FACTS = `SELECT coalesce($4::uuid, (SELECT insumo_id FROM catalog_supply_items
                                           WHERE empresa_id = $1 AND sku = $2 AND excluido_em IS NULL)) AS insumo_id,
       EXISTS (SELECT 1 FROM catalog_suppliers
                WHERE empresa_id = $1 AND fornecedor_id = $3 AND excluido_em IS NULL) AS supplier_exists`;

async function saveFacts(db: Db, empresaId: string, item: InsumoItem, id: string | null) {
  const raw = item as Record<string, unknown>;
  const sku = typeof raw.sku === 'string' ? raw.sku : null;
  const supplier =
    typeof raw.fornecedor_padrao_id === 'string' && isUuid(raw.fornecedor_padrao_id)
      ? raw.fornecedor_padrao_id
      : null;
  // The company's units are @factory/tenants' to read.
  const values = [empresaId, sku, supplier, id];
  const [{ rows }, units] = await Promise.all([
    db.query<{ insumo_id: string | null; supplier_exists: boolean }>(SAVE_FACTS, values),
    readUnitCodes(db, empresaId),
  ]);
  return { ...rows[0]!, units };
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
      const facts = await saveFacts(db, empresaId, item, known);
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
    },
    rows: (events) => supplyItemRows(empresaId, events),
    keys: (events, decidedOn) => supplyItemKeys(empresaId, events, decidedOn),
  });
  return saveOutcome(run);
}
