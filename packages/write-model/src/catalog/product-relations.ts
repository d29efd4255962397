import type { Pool } from '@factory/database';

/** What a product's next item may release: its aliases, and the head of the group it is in. */
export type ProductRelations = { apelidos: string[]; grupoSku: string | null };

/**
 * The current aliases and group head (by SKU) of the company's non-deleted products with these
 * SKUs, so a batch can tell which of its items touch each other before running them. A
 * scheduling hint only: each item's decision still reads its facts afresh.
 */
export async function productRelations(
  pool: Pool,
  empresaId: string,
  skus: readonly string[],
): Promise<Map<string, ProductRelations>> {
  const { rows } = await pool.query<{ sku: string; apelidos: string[]; grupo_sku: string | null }>(
    `SELECT p.sku,
            coalesce((SELECT json_agg(a.apelido) FROM catalog_product_aliases a
                       WHERE a.empresa_id = p.empresa_id AND a.produto_id = p.produto_id), '[]'::json) AS apelidos,
            (SELECT h.sku FROM catalog_products h WHERE h.produto_id = p.grupo_id) AS grupo_sku
       FROM catalog_products p
      WHERE p.empresa_id = $1 AND p.sku = ANY($2::text[]) AND p.excluido_em IS NULL`,
    [empresaId, skus],
  );
  return new Map(rows.map((row) => [row.sku, { apelidos: row.apelidos, grupoSku: row.grupo_sku }]));
}
