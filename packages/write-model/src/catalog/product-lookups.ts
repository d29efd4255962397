import type { GroupHead, ProdutoContext, ProdutoItem } from '@factory/domain';
import type { Db } from './run-catalog-command.js';

// Facts about a company's other products, from the write-side index (never the read models).

// Per item asked (in the order given): its product, the owners of the aliases it claims, the
// group head its `variacao.base_sku` names and how many members the product's own group has.
// Products and aliases are read once for the whole batch (`= ANY` of all its SKUs and aliases),
// then matched to each item: per item lookups correlated to the items' list can be planned on
// the wrong index while the table's statistics are behind (a fresh company's first imports),
// a scan of the company's products per item.
const SAVE_FACTS = `WITH q AS MATERIALIZED (
  SELECT * FROM unnest($2::text[], $3::jsonb[], $4::text[], $5::uuid[]) WITH ORDINALITY AS q(sku, aliases, base_sku, id, n)
),
named AS MATERIALIZED (
  SELECT p.produto_id, p.sku, p.variacao FROM catalog_products p
   WHERE p.empresa_id = $1 AND p.excluido_em IS NULL AND p.sku = ANY ($2::text[] || $4::text[])
),
owners AS MATERIALIZED (
  SELECT a.apelido, a.produto_id FROM catalog_product_aliases a
   WHERE a.empresa_id = $1 AND a.apelido = ANY ($6::text[])
),
t AS (
  SELECT q.*, coalesce(q.id, (SELECT f.produto_id FROM named f WHERE f.sku = q.sku)) AS produto_id FROM q
)
SELECT t.produto_id,
       (SELECT coalesce(json_object_agg(o.apelido, o.produto_id), '{}'::json) FROM owners o
         WHERE o.apelido IN (SELECT jsonb_array_elements_text(t.aliases))) AS alias_owners,
       (SELECT json_build_object('id', h.produto_id, 'sku', h.sku, 'variacao', h.variacao) FROM named h
         WHERE h.sku = t.base_sku) AS group_head,
       (SELECT count(*)::int FROM catalog_products m
         WHERE m.empresa_id = $1 AND m.grupo_id = t.produto_id AND m.produto_id <> t.produto_id
           AND m.excluido_em IS NULL) AS group_members
  FROM t
 ORDER BY t.n`;

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
  const [facts] = await productsSaveFacts(db, empresaId, [{ item, id }]);
  return facts!;
}

/** productSaveFacts of many items (a batch's), in the order given, in the same one query. */
export async function productsSaveFacts(
  db: Db,
  empresaId: string,
  asked: ReadonlyArray<{ item: ProdutoItem; id: string | null }>,
): Promise<ProductSaveFacts[]> {
  const inputs = asked.map(({ item, id }) => {
    const raw = item as Record<string, unknown>;
    const aliases = Array.isArray(raw.apelidos) ? raw.apelidos.filter((a) => typeof a === 'string') : [];
    const variacao = raw.variacao as { base_sku?: unknown } | null | undefined;
    return {
      sku: typeof raw.sku === 'string' ? raw.sku : null,
      aliases: aliases.map((a) => a.trim()),
      baseSku: typeof variacao?.base_sku === 'string' ? variacao.base_sku : null,
      id,
    };
  });
  const { rows } = await db.query<{
    produto_id: string | null;
    alias_owners: Record<string, string>;
    group_head: GroupHead | null;
    group_members: number;
  }>(SAVE_FACTS, [
    empresaId,
    inputs.map((i) => i.sku),
    inputs.map((i) => JSON.stringify(i.aliases)),
    inputs.map((i) => i.baseSku),
    inputs.map((i) => i.id),
    inputs.flatMap((i) => i.aliases),
  ]);
  return rows.map((row) => ({
    produtoId: row.produto_id,
    context: {
      aliasOwners: new Map(Object.entries(row.alias_owners)),
      groupHead: row.group_head,
      groupMembers: row.group_members,
    },
  }));
}
