import type { ProdutoEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { catalogEvent } from './catalog-event.js';
import { distinctRecords } from './distinct-records.js';
import { PRODUCT_EVENTS } from './products-table.js';

/** `catalog_product_aliases`: the whole set of a product's aliases (each unique in the company); empty frees them all. */
export interface ProductAliasesRow {
  empresaId: string;
  produtoId: string;
  apelidos: readonly string[];
}

/**
 * Alias sets of distinct products written as one statement (see ProductChanges). An alias one
 * product gives up and another takes must be two sets, in log order.
 */
export type ProductAliasSets = readonly ProductAliasesRow[];

export function productAliasesRowOf(
  empresaId: string,
  event: AppendedEvent<ProdutoEvent>,
): ProductAliasesRow | null {
  const base = { empresaId, produtoId: event.data.produto_id };
  if (event.type === 'ProdutoCadastrado.v1') return { ...base, apelidos: event.data.apelidos };
  if (event.type === 'ProdutoAlterado.v1' && Object.hasOwn(event.data.alteracoes, 'apelidos'))
    return { ...base, apelidos: event.data.alteracoes.apelidos ?? [] };
  return null;
}

// Drop those no longer listed, add the new ones; one another product holds fails the key.
const WRITE = `WITH x AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS x(produto_id, empresa_id)),
w AS (SELECT * FROM unnest($3::uuid[], $4::text[]) AS w(produto_id, apelido)),
gone AS (
  DELETE FROM catalog_product_aliases a USING x
   WHERE a.empresa_id = x.empresa_id AND a.produto_id = x.produto_id
     AND NOT EXISTS (SELECT 1 FROM w WHERE w.produto_id = a.produto_id AND w.apelido = a.apelido)
)
INSERT INTO catalog_product_aliases (empresa_id, apelido, produto_id)
SELECT x.empresa_id, w.apelido, w.produto_id FROM w JOIN x USING (produto_id)
 WHERE NOT EXISTS (
   SELECT 1 FROM catalog_product_aliases a
    WHERE a.empresa_id = x.empresa_id AND a.apelido = w.apelido AND a.produto_id = w.produto_id)`;

export const productAliasesTable: InlineProjection<ProductAliasSets> = {
  name: 'catalog_product_aliases',
  order: 'log',
  uniqueConstraints: { catalog_product_aliases_pkey: 'produto_apelido' },
  rowsOf(recorded) {
    const found = catalogEvent<ProdutoEvent>(recorded, PRODUCT_EVENTS);
    if (found === null) return [];
    // A deletion frees the product's aliases (the products table's write drops them): an empty
    // set says so here too, so that a batch's collapsed sets end as the product did.
    const row =
      found.event.type === 'ProdutoExcluido.v1'
        ? { empresaId: found.empresaId, produtoId: found.event.data.produto_id, apelidos: [] }
        : productAliasesRowOf(found.empresaId, found.event);
    return row ? [[row]] : [];
  },
  // Each product's last set. One write cannot move an alias from one product to another (its
  // insert may meet the old holder's row before its delete removes it), so two: every product of
  // the batch gives up its aliases, then each takes its last set's.
  collapse(sets) {
    const last = new Map(sets.flat().map((row) => [row.produtoId, row]));
    const finals = [...last.values()];
    return [
      finals.map((row) => [{ ...row, apelidos: [] }]),
      finals.filter((row) => row.apelidos.length > 0).map((row) => [row]),
    ];
  },
  write(sets) {
    const rows = distinctRecords('catalog_product_aliases', sets, (row) => row.produtoId);
    const held = rows.flatMap((row) =>
      row.apelidos.map((apelido) => ({ produtoId: row.produtoId, apelido })),
    );
    return {
      text: WRITE,
      values: [
        rows.map((r) => r.produtoId),
        rows.map((r) => r.empresaId),
        held.map((h) => h.produtoId),
        held.map((h) => h.apelido),
      ],
    };
  },
};
