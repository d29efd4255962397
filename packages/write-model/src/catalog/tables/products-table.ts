import type { Pool } from '@factory/database';
import type { GroupMember, ProdutoEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { isUuid } from '../../uuid.js';
import { catalogEvent } from './catalog-event.js';

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

const given = (value: unknown) => value !== undefined;
const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

export const productsTable: InlineProjection<ProductRow> = {
  name: 'catalog_products',
  order: 'log',
  uniqueConstraints: { catalog_products_sku: 'produto_sku' },
  rowsOf(recorded) {
    const found = catalogEvent<ProdutoEvent>(recorded, PRODUCT_EVENTS);
    const row = found && productRowOf(found.empresaId, found.event);
    return row ? [row] : [];
  },
  write([row]) {
    if (row === undefined) throw new Error('catalog_products: one row per write');
    if (row.sku !== undefined)
      return {
        // Written again by a catch-up after a crash, the creation is then a no-op.
        text: `INSERT INTO catalog_products (produto_id, empresa_id, sku, variacao, custo_manual, excluido_em)
               VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (produto_id) DO NOTHING`,
        values: [
          row.produtoId,
          row.empresaId,
          row.sku,
          json(row.variacao ?? null),
          row.custoManual ?? null,
          row.excluidoEm ?? null,
        ],
      };
    return {
      // A deleted product's aliases go with it (they are freed).
      text: `WITH gone AS (
               DELETE FROM catalog_product_aliases WHERE $7::boolean AND empresa_id = $2 AND produto_id = $1)
             UPDATE catalog_products
                SET variacao = CASE WHEN $3::boolean THEN $4::jsonb ELSE variacao END,
                    custo_manual = CASE WHEN $5::boolean THEN $6::numeric ELSE custo_manual END,
                    excluido_em = CASE WHEN $7::boolean THEN $8::timestamptz ELSE excluido_em END
              WHERE produto_id = $1 AND empresa_id = $2`,
      values: [
        row.produtoId,
        row.empresaId,
        given(row.variacao),
        json(row.variacao ?? null),
        given(row.custoManual),
        row.custoManual ?? null,
        given(row.excluidoEm),
        row.excluidoEm ?? null,
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
