import type { FichaContext, ItemDefinition, LinhaFichaItem } from '@factory/domain';
import { isUuid } from '../uuid.js';
import type { Db } from './run-catalog-command.js';

// What the lines name, from the write-side index: the company's non-deleted supply items and
// component products, and the part of the active-bill graph reachable from those components
// (all a cycle check walks). Another company's ids are simply not found.
const BILL_FACTS = `WITH RECURSIVE reach(id) AS (
  SELECT unnest($3::uuid[])
  UNION
  SELECT l.componente_id FROM catalog_bill_lines l JOIN reach r ON l.produto_id = r.id
   WHERE l.empresa_id = $1 AND l.componente_id IS NOT NULL
)
SELECT
  (SELECT coalesce(json_agg(json_build_object(
            'insumoId', s.insumo_id, 'sku', s.sku, 'unidadeCompra', s.unidade_compra,
            'unidadeConsumo', s.unidade_consumo, 'fatorConversao', s.fator_conversao::text,
            'custoReferencia', s.custo_referencia::text)), '[]'::json)
     FROM catalog_supply_items s
    WHERE s.empresa_id = $1 AND s.insumo_id = ANY($2::uuid[]) AND s.excluido_em IS NULL) AS supply_items,
  (SELECT coalesce(json_agg(p.produto_id), '[]'::json) FROM catalog_products p
    WHERE p.empresa_id = $1 AND p.produto_id = ANY($3::uuid[]) AND p.excluido_em IS NULL) AS products,
  (SELECT coalesce(json_agg(json_build_array(l.produto_id, l.componente_id)), '[]'::json)
     FROM catalog_bill_lines l
    WHERE l.empresa_id = $1 AND l.componente_id IS NOT NULL AND l.produto_id IN (SELECT id FROM reach)) AS edges`;

const uuidsOf = (lines: readonly LinhaFichaItem[], key: 'insumo_id' | 'componente_id') => [
  ...new Set(
    lines
      .map((line) => (typeof line === 'object' && line !== null ? line[key] : null))
      .filter((id): id is string => typeof id === 'string' && isUuid(id))
      .map((id) => id.toLowerCase()),
  ),
];

export async function billFacts(
  db: Db,
  empresaId: string,
  lines: readonly LinhaFichaItem[],
): Promise<FichaContext> {
  const { rows } = await db.query<{
    supply_items: ItemDefinition[];
    products: string[];
    edges: [string, string][];
  }>(BILL_FACTS, [empresaId, uuidsOf(lines, 'insumo_id'), uuidsOf(lines, 'componente_id')]);
  const row = rows[0]!;
  const bills = new Map<string, string[]>();
  for (const [product, component] of row.edges)
    bills.set(product, [...(bills.get(product) ?? []), component]);
  return {
    supplyItems: new Map(row.supply_items.map((item) => [item.insumoId, item])),
    products: new Set(row.products),
    bills,
  };
}
