import type { ProdutoEvent } from '@factory/domain';
import type { InlineProjection } from '@factory/event-store';
import type { AppendedEvent } from '../../stream-command.js';
import { catalogEvent } from './catalog-event.js';
import { PRODUCT_EVENTS } from './products-table.js';

/** `catalog_product_aliases`: the whole set of a product's aliases (each unique in the company); empty frees them all. */
export interface ProductAliasesRow {
  empresaId: string;
  produtoId: string;
  apelidos: readonly string[];
}

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

export const productAliasesTable: InlineProjection<ProductAliasesRow> = {
  name: 'catalog_product_aliases',
  order: 'log',
  uniqueConstraints: { catalog_product_aliases_pkey: 'produto_apelido' },
  rowsOf(recorded) {
    const found = catalogEvent<ProdutoEvent>(recorded, PRODUCT_EVENTS);
    const row = found && productAliasesRowOf(found.empresaId, found.event);
    return row ? [row] : [];
  },
  // Drop those no longer listed, add the new ones; one another product holds fails the key.
  write([row]) {
    if (row === undefined) throw new Error('catalog_product_aliases: one row per write');
    return {
      text: `WITH gone AS (
               DELETE FROM catalog_product_aliases
                WHERE empresa_id = $2 AND produto_id = $1 AND apelido <> ALL($3::text[]))
             INSERT INTO catalog_product_aliases (empresa_id, apelido, produto_id)
             SELECT $2, a.apelido, $1 FROM unnest($3::text[]) AS a(apelido)
              WHERE NOT EXISTS (
                SELECT 1 FROM catalog_product_aliases x
                 WHERE x.empresa_id = $2 AND x.apelido = a.apelido AND x.produto_id = $1)`,
      values: [row.produtoId, row.empresaId, row.apelidos],
    };
  },
};
