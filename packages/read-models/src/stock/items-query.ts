import type { Pool, PoolClient } from '@factory/database';

/** An item's stock across its locations, for the Insumo resource (catalog issue). */
export interface StockItemRow {
  insumo_id: string;
  saldo: number;
  custo_medio: number;
  custo_medio_bruto: number;
  atualizado_em: Date;
}

/** The stock totals of some of a company's items; items without movements are absent. */
export async function findStockItems(
  db: Pool | PoolClient,
  empresaId: string,
  insumoIds: readonly string[],
): Promise<StockItemRow[]> {
  const { rows } = await db.query<StockItemRow>(
    `SELECT insumo_id, saldo, custo_medio, custo_medio_bruto, atualizado_em
       FROM estoque_itens WHERE empresa_id = $1 AND insumo_id = ANY($2::uuid[]) ORDER BY insumo_id`,
    [empresaId, insumoIds],
  );
  return rows;
}
