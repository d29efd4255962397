import type { Pool } from '@factory/database';
import type { ItemDoPlanoInput, PlanoContext } from '@factory/domain';
import { locationKey, readActiveLocations } from '@factory/tenants';
import { isUuid } from '../uuid.js';

const idsOf = (itens: readonly ItemDoPlanoInput[], key: 'produto_id' | 'local_id') => [
  ...new Set(itens.map((i) => i[key]).filter((id): id is string => typeof id === 'string' && isUuid(id))),
];

/**
 * What the plan's lines name, from the write side (never the lagging read models): the
 * company's non-deleted products with an active bill, and (from @factory/tenants) its active
 * locations.
 */
export async function planFacts(
  pool: Pool,
  empresaId: string,
  itens: readonly ItemDoPlanoInput[],
): Promise<PlanoContext> {
  const localIds = idsOf(itens, 'local_id');
  const locations = localIds.map((localId) => ({ empresaId, localId }));
  const [products, active] = await Promise.all([
    pool.query<{ products: string[] }>(
      `SELECT coalesce(array_agg(p.produto_id::text), '{}') AS products FROM catalog_products p
        WHERE p.empresa_id = $1 AND p.produto_id = ANY($2::uuid[])
          AND p.excluido_em IS NULL AND p.ficha_versao IS NOT NULL`,
      [empresaId, idsOf(itens, 'produto_id')],
    ),
    readActiveLocations(pool, locations),
  ]);
  return {
    products: new Set(products.rows[0]!.products),
    locations: new Set(localIds.filter((id) => active.has(locationKey(empresaId, id)))),
  };
}
