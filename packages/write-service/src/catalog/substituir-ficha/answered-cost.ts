import type { Pool } from '@factory/database';
import { rollUpCosts } from '@factory/domain';
import { findStockItems } from '@factory/read-models';
import type { CatalogWriteModel } from '@factory/write-model';

/**
 * The `custo` a bill write answers (text, 4 places; null without an active bill), by the
 * domain's `rollUpCosts`: the bill tree from the write side, current with the log, and each
 * supply item's averages across its locations from the stock read model, the one place that
 * aggregates them (the write model reads no read model). Those may lag the log by the
 * projection delay; an item without stock there has no balance, so its reference cost applies,
 * as for reads. For the answer only, never for a decision.
 */
export async function answeredBillCost(
  deps: { pool: Pool; catalog: CatalogWriteModel },
  empresaId: string,
  produtoId: string,
): Promise<string | null> {
  const { bills, products, supplyItems } = await deps.catalog.activeBillCostInputs(empresaId, produtoId);
  const stock = new Map(
    (await findStockItems(deps.pool, empresaId, [...supplyItems.keys()])).map((s) => [s.insumo_id, s]),
  );
  const costs = rollUpCosts({
    bills,
    products,
    supplyItems: new Map(
      [...supplyItems].map(([id, { custo_referencia }]) => [
        id,
        {
          custo_referencia,
          custo_medio: stock.get(id)?.custo_medio ?? null,
          custo_medio_bruto: stock.get(id)?.custo_medio_bruto ?? null,
        },
      ]),
    ),
  });
  return costs.get(produtoId)?.custo ?? null;
}
