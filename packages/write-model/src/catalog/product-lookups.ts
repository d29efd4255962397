import type { GroupHead, ProdutoContext, ProdutoItem } from '@factory/domain';
import type { Db } from './run-catalog-command.js';

// Facts about a company's other products, from the write-side index (never the read models).

const SAVE_FACTS = `WITH target AS (
  SELECT coalesce($5::uuid, (SELECT produto_id FROM catalog_products
                              WHERE empresa_id = $1 AND sku = $2 AND excluido_em IS NULL)) AS id
)
SELECT t.id AS produto_id,
       (SELECT coalesce(json_object_agg(apelido, produto_id), '{}'::json) FROM catalog_product_aliases
         WHERE empresa_id = $1 AND apelido = ANY($3::text[])) AS alias_owners,
       (SELECT json_build_object('id', produto_id, 'sku', sku, 'variacao', variacao) FROM catalog_products
         WHERE empresa_id = $1 AND sku = $4 AND excluido_em IS NULL) AS group_head,
       (SELECT count(*)::int FROM catalog_products m
         WHERE m.empresa_id = $1 AND m.grupo_id = t.id AND m.produto_id <> t.id AND m.excluido_em IS NULL)
         AS group_members
  FROM target t`;

export interface ProductSaveFacts {
  /** The company's non-deleted product with the item's SKU (or `id` when given); null: none. */
  produtoId: string | null;
  context: Omit<ProdutoContext, 'canReadCosts'>;
}

/** Everything a product item's decision reads outside its stream, in one query. */
export async function productSaveFacts(
  db: Db,
  empresaId: string,
  item: ProdutoItem,
  id: string | null,
): Promise<ProductSaveFacts> {
  const raw = item as Record<string, unknown>;
  const sku = typeof raw.sku === 'string' ? raw.sku : null;
  const aliases = Array.isArray(raw.apelidos) ? raw.apelidos.filter((a) => typeof a === 'string') : [];
  const variacao = raw.variacao as { base_sku?: unknown } | null | undefined;
  const baseSku = typeof variacao?.base_sku === 'string' ? variacao.base_sku : null;
  const { rows } = await db.query<{
    produto_id: string | null;
    alias_owners: Record<string, string>;
    group_head: GroupHead | null;
    group_members: number;
  }>(SAVE_FACTS, [empresaId, sku, aliases.map((a) => a.trim()), baseSku, id]);
  const row = rows[0]!;
  return {
    produtoId: row.produto_id,
    context: {
      aliasOwners: new Map(Object.entries(row.alias_owners)),
      groupHead: row.group_head,
      groupMembers: row.group_members,
    },
  };
}
