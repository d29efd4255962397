import type { Pool, PoolClient } from '@factory/database';

/** An item's stock across its locations; decimals as text, exact. */
export interface StockItemRow {
  insumo_id: string;
  saldo: string;
  custo_medio: string;
  custo_medio_bruto: string;
  atualizado_em: Date;
}

/** The stock totals of some of a company's items; items without movements are absent. */
export async function findStockItems(
  db: Pool | PoolClient,
  empresaId: string,
  insumoIds: readonly string[],
): Promise<StockItemRow[]> {
  const { rows } = await db.query<StockItemRow>(
    `SELECT insumo_id, saldo::text, custo_medio::text, custo_medio_bruto::text, atualizado_em
       FROM estoque_itens WHERE empresa_id = $1 AND insumo_id = ANY($2::uuid[]) ORDER BY insumo_id`,
    [empresaId, insumoIds],
  );
  return rows;
}
