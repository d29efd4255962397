import type { Pool } from '@factory/database';
import type { ActiveBills, ExplosionLine } from '@factory/domain';
import { locationKey, readActiveLocations } from '@factory/tenants';
import { isUuid } from '../uuid.js';

// From the write side (never the lagging read models): whether the product is a non-deleted
// one of the company, and the active bills reachable from the product through component lines,
// every level. Whether the location is an active one is @factory/tenants' to say.
const RECORD_FACTS = `WITH RECURSIVE reach(id) AS (
  SELECT $2::uuid WHERE $2::uuid IS NOT NULL
  UNION
  SELECT l.componente_id FROM catalog_bill_lines l JOIN reach r ON l.produto_id = r.id
   WHERE l.empresa_id = $1 AND l.componente_id IS NOT NULL
)
SELECT EXISTS (SELECT 1 FROM catalog_products p
                WHERE p.empresa_id = $1 AND p.produto_id = $2::uuid AND p.excluido_em IS NULL) AS product_exists,
       (SELECT coalesce(json_agg(json_build_array(l.produto_id, l.insumo_id, l.componente_id,
                                                  l.consumo::text, l.perda_pct::text)
                                 ORDER BY l.produto_id, l.posicao), '[]')
          FROM catalog_bill_lines l
         WHERE l.empresa_id = $1 AND l.produto_id IN (SELECT id FROM reach)) AS lines`;

export interface RecordFacts {
  productExists: boolean;
  locationActive: boolean;
  bills: ActiveBills;
}

export async function recordFacts(
  pool: Pool,
  empresaId: string,
  produtoId: unknown,
  localId: unknown,
): Promise<RecordFacts> {
  const uuid = (id: unknown) => (typeof id === 'string' && isUuid(id) ? id.toLowerCase() : null);
  const local = uuid(localId);
  const [{ rows }, active] = await Promise.all([
    pool.query<{
      product_exists: boolean;
      lines: Array<[string, string | null, string | null, string, string]>;
    }>(RECORD_FACTS, [empresaId, uuid(produtoId)]),
    readActiveLocations(pool, local === null ? [] : [{ empresaId, localId: local }]),
  ]);
  const row = rows[0]!;
  const bills = new Map<string, ExplosionLine[]>();
  for (const [produto, insumo_id, componente_id, consumo, perda_pct] of row.lines) {
    const line: ExplosionLine = {
      tipo: insumo_id === null ? 'produto' : 'insumo',
      insumo_id,
      componente_id,
      consumo,
      perda_pct,
    };
    bills.set(produto, [...(bills.get(produto) ?? []), line]);
  }
  return {
    productExists: row.product_exists,
    locationActive: local !== null && active.has(locationKey(empresaId, local)),
    bills,
  };
}
