import type { Pool } from '@factory/database';
import type { BillCostLine, DecimalText } from '@factory/domain';

// The product's bill tree from the write-side index: lines, manual costs, reference costs.
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
  (SELECT coalesce(json_agg(json_build_object('id', s.insumo_id, 'custo_referencia', s.custo_referencia::text)), '[]'::json)
     FROM catalog_supply_items s
    WHERE s.empresa_id = $1 AND s.insumo_id IN (SELECT insumo_id FROM lines)) AS supply_items`;

type Row = {
  lines: (BillCostLine & { produto_id: string })[];
  products: { id: string; custo_manual: DecimalText | null }[];
  supply_items: { id: string; custo_referencia: DecimalText | null }[];
};

/** What the write side knows of a bill's cost: the inputs of the domain's `rollUpCosts` but averages. */
export interface BillCostInputs {
  /** The active bills of the product and of every component below it, by product id. */
  bills: Map<string, BillCostLine[]>;
  products: Map<string, { custo_manual: DecimalText | null }>;
  /**
   * The tree's supply items and their reference costs. Their averages across locations are not
   * the write side's: only the stock projection aggregates them.
   */
  supplyItems: Map<string, { custo_referencia: DecimalText | null }>;
}

/** The write-side inputs of the cost of the product's active bill, current with the log. */
export async function activeBillCostInputs(
  pool: Pool,
  empresaId: string,
  produtoId: string,
): Promise<BillCostInputs> {
  const { rows } = await pool.query<Row>(BILL_TREE, [empresaId, produtoId]);
  const row = rows[0]!;
  const bills = new Map<string, BillCostLine[]>();
  for (const { produto_id, ...line } of row.lines)
    bills.set(produto_id, [...(bills.get(produto_id) ?? []), line]);
  return {
    bills,
    products: new Map(row.products.map((p) => [p.id, { custo_manual: p.custo_manual }])),
    supplyItems: new Map(row.supply_items.map((s) => [s.id, { custo_referencia: s.custo_referencia }])),
  };
}
