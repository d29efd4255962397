import type { Pool } from '@factory/database';
import type { GroupMember, ProdutoEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { isUuid } from '../../uuid.js';
import { catalogEvent } from './catalog-event.js';
import { collapsedRecords } from './collapsed-records.js';
import { distinctRecords } from './distinct-records.js';

/**
 * `catalog_products`: a product's write-side record, its SKU (unique among the company's
 * non-deleted products), its place in a variation group, its manual cost and its active bill's
 * version (`active-bills-table.ts` sets that). Fields left undefined keep their value; `sku` given
 * creates the record. `excluidoEm` marks it deleted, which frees its SKU and its aliases.
 */
export interface ProductRow {
  empresaId: string;
  produtoId: string;
  sku?: string;
  variacao?: unknown;
  custoManual?: string | null;
  excluidoEm?: string;
}

export const PRODUCT_EVENTS = new Set([
  'ProdutoCadastrado.v1',
  'ProdutoAlterado.v1',
  'ProdutoExcluido.v1',
  'FichaDefinida.v1',
  'FichaDesativada.v1',
]);

/** The record's change an event makes, if any. */
export function productRowOf(empresaId: string, event: AppendedEvent<ProdutoEvent>): ProductRow | null {
  const base = { empresaId, produtoId: event.data.produto_id };
  switch (event.type) {
    case 'ProdutoCadastrado.v1': {
      const { sku, variacao, custo_manual } = event.data;
      return { ...base, sku, variacao, custoManual: custo_manual };
    }
    case 'ProdutoAlterado.v1': {
      const { alteracoes } = event.data;
      const has = (key: string) => Object.hasOwn(alteracoes, key);
      if (!has('variacao') && !has('custo_manual')) return null;
      return {
        ...base,
        ...(has('variacao') ? { variacao: alteracoes.variacao ?? null } : {}),
        ...(has('custo_manual') ? { custoManual: alteracoes.custo_manual ?? null } : {}),
      };
    }
    case 'ProdutoExcluido.v1':
      return { ...base, excluidoEm: event.data.excluido_em };
    default:
      return null;
  }
}

/**
 * Changes of distinct products written as one statement: one command's event (one change), or a
 * batch's items decided together (each item its own product, one change each). Two changes of
 * one product must be two sets, in log order.
 */
export type ProductChanges = readonly ProductRow[];

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

// Creations insert (written again by a catch-up after a crash, a no-op); changes update only the
// fields they carry; a deletion also removes the product's aliases (they are freed).
const WRITE = `WITH x AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::boolean[], $5::jsonb[], $6::boolean[],
                       $7::numeric[], $8::timestamptz[])
    AS x(produto_id, empresa_id, sku, has_variacao, variacao, has_custo, custo_manual, excluido_em)
),
created AS (
  INSERT INTO catalog_products (produto_id, empresa_id, sku, variacao, custo_manual, excluido_em)
  SELECT produto_id, empresa_id, sku, variacao, custo_manual, excluido_em FROM x WHERE sku IS NOT NULL
  ON CONFLICT (produto_id) DO NOTHING
),
gone AS (
  DELETE FROM catalog_product_aliases a USING x
   WHERE x.sku IS NULL AND x.excluido_em IS NOT NULL
     AND a.empresa_id = x.empresa_id AND a.produto_id = x.produto_id
)
UPDATE catalog_products p
   SET variacao = CASE WHEN x.has_variacao THEN x.variacao ELSE p.variacao END,
       custo_manual = CASE WHEN x.has_custo THEN x.custo_manual ELSE p.custo_manual END,
       excluido_em = coalesce(x.excluido_em, p.excluido_em)
  FROM x
 WHERE x.sku IS NULL AND p.produto_id = x.produto_id AND p.empresa_id = x.empresa_id`;

export const productsTable: InlineProjection<ProductChanges> = {
  name: 'catalog_products',
  order: 'log',
  uniqueConstraints: { catalog_products_sku: 'produto_sku' },
  rowsOf(recorded) {
    const found = catalogEvent<ProdutoEvent>(recorded, PRODUCT_EVENTS);
    const row = found && productRowOf(found.empresaId, found.event);
    return row ? [[row]] : [];
  },
  // A deletion frees the SKU another product created in the same batch may take.
  collapse: (sets) =>
    collapsedRecords(sets, {
      recordOf: (row) => row.produtoId,
      creates: (row) => row.sku !== undefined,
      nullKeeps: ['excluidoEm'],
      frees: ({ empresaId, produtoId, excluidoEm }) =>
        excluidoEm === undefined ? null : { empresaId, produtoId, excluidoEm },
    }).map((rows) => rows.map((row) => [row])),
  write(sets) {
    const rows = distinctRecords('catalog_products', sets, (row) => row.produtoId);
    return {
      text: WRITE,
      values: [
        rows.map((r) => r.produtoId),
        rows.map((r) => r.empresaId),
        rows.map((r) => r.sku ?? null),
        rows.map((r) => r.variacao !== undefined),
        rows.map((r) => json(r.variacao ?? null)),
        rows.map((r) => r.custoManual !== undefined),
        rows.map((r) => r.custoManual ?? null),
        rows.map((r) => r.excluidoEm ?? null),
      ],
    };
  },
};

/** The company's other non-deleted products in the variation group `id` heads (none if it heads none). */
export async function groupMembersOf(db: Pool, empresaId: string, id: string): Promise<GroupMember[]> {
  if (!isUuid(id)) return [];
  const { rows } = await db.query<GroupMember>(
    `SELECT produto_id, sku FROM catalog_products
      WHERE empresa_id = $1 AND grupo_id = $2 AND produto_id <> $2 AND excluido_em IS NULL
      ORDER BY sku, produto_id`,
    [empresaId, id],
  );
  return rows;
}
