import type { Pool } from '@factory/database';
import { type BillCostLine, rollUpCosts, type SupplyItemCosts } from '@factory/domain';

// The product's bill tree from the write-side index (lines, manual costs, reference costs) and
// the supply items' averages from the stock read model `estoque_itens`: the one read of a read
// model on the write side, for the answer only (never for a decision), since only the projector
// aggregates a supply item's averages across its locations. It may lag the log by the
// projection delay. An item without a row there (never moved) has no balance: its reference
// cost applies, as for reads.
const BILL_TREE = `WITH RECURSIVE tree(id) AS (
  SELECT $2::uuid
  UNION
  SELECT l.componente_id FROM catalog_bill_lines l JOIN tree t ON l.produto_id = t.id
   WHERE l.empresa_id = $1 AND l.componente_id IS NOT NULL
),
lines AS (
  SELECT l.* FROM catalog_bill_lines l JOIN tree t ON l.produto_id = t.id WHERE l.empresa_id = $1
)
SELECT
  (SELECT coalesce(json_agg(json_build_object(
            'produto_id', produto_id, 'tipo', CASE WHEN insumo_id IS NULL THEN 'produto' ELSE 'insumo' END,
            'insumo_id', insumo_id, 'componente_id', componente_id,
            'consumo', consumo::text, 'perda_pct', perda_pct::text) ORDER BY produto_id, posicao), '[]'::json)
     FROM lines) AS lines,
  (SELECT coalesce(json_agg(json_build_object('id', p.produto_id, 'custo_manual', p.custo_manual::text)), '[]'::json)
     FROM catalog_products p JOIN tree t ON p.produto_id = t.id WHERE p.empresa_id = $1) AS products,
  (SELECT coalesce(json_agg(json_build_object(
            'id', s.insumo_id, 'custo_referencia', s.custo_referencia::text,
            'custo_medio', e.custo_medio::text, 'custo_medio_bruto', e.custo_medio_bruto::text)), '[]'::json)
     FROM catalog_supply_items s
     LEFT JOIN estoque_itens e ON e.empresa_id = s.empresa_id AND e.insumo_id = s.insumo_id
    WHERE s.empresa_id = $1 AND s.insumo_id IN (SELECT insumo_id FROM lines)) AS supply_items`;

type Row = {
  lines: (BillCostLine & { produto_id: string })[];
  products: { id: string; custo_manual: string | null }[];
  supply_items: (SupplyItemCosts & { id: string })[];
};

/**
 * The `custo` of the product's active bill (reais, 4 places, as text), rolled up with the
 * domain's `rollUpCosts`; null when the product has no active bill.
 */
export async function activeBillCost(
  pool: Pool,
  empresaId: string,
  produtoId: string,
): Promise<string | null> {
  const { rows } = await pool.query<Row>(BILL_TREE, [empresaId, produtoId]);
  const row = rows[0]!;
  const bills = new Map<string, BillCostLine[]>();
  for (const { produto_id, ...line } of row.lines)
    bills.set(produto_id, [...(bills.get(produto_id) ?? []), line]);
  const costs = rollUpCosts({
    bills,
    products: new Map(row.products.map((p) => [p.id, { custo_manual: p.custo_manual }])),
    supplyItems: new Map(row.supply_items.map(({ id, ...costs }) => [id, costs])),
  });
  return costs.get(produtoId)?.custo ?? null;
}
