import type { Pool } from '@factory/database';
import type { ItemDoPlanoInput, PlanoContext } from '@factory/domain';
import { isUuid } from '../uuid.js';

const idsOf = (itens: readonly ItemDoPlanoInput[], key: 'produto_id' | 'local_id') => [
  ...new Set(itens.map((i) => i[key]).filter((id): id is string => typeof id === 'string' && isUuid(id))),
];

/**
 * What the plan's lines name, from the write side (never the lagging read models): the
 * company's non-deleted products with an active bill, and its active locations.
 */
export async function planFacts(
  pool: Pool,
  empresaId: string,
  itens: readonly ItemDoPlanoInput[],
): Promise<PlanoContext> {
  const { rows } = await pool.query<{ products: string[]; locations: string[] }>(
    `SELECT (SELECT coalesce(array_agg(p.produto_id::text), '{}') FROM catalog_products p
              WHERE p.empresa_id = $1 AND p.produto_id = ANY($2::uuid[])
                AND p.excluido_em IS NULL AND p.ficha_versao IS NOT NULL) AS products,
            (SELECT coalesce(array_agg(l.id::text), '{}') FROM locais l
              WHERE l.empresa_id = $1 AND l.id = ANY($3::uuid[]) AND l.ativo) AS locations`,
    [empresaId, idsOf(itens, 'produto_id'), idsOf(itens, 'local_id')],
  );
  return { products: new Set(rows[0]!.products), locations: new Set(rows[0]!.locations) };
}
