import type { Pool, PoolClient } from '@factory/database';
import { type ExplosionLine, type ItemDoPlano, needsOf, valueNeed } from '@factory/domain';

/** A Necessidade with exact decimals as text; `custo` unrounded (the presenter rounds). */
export interface NeedRow {
  insumo_id: string;
  local_id: string;
  quantidade: string;
  unidade: string;
  saldo: string;
  falta: string;
  custo: string;
}

// The active bills reachable from the plan's products, every level, from the catalog read model.
const REACHABLE_BILLS = `WITH RECURSIVE reach(id) AS (
  SELECT unnest($2::uuid[])
  UNION
  SELECT l.parte_id FROM catalogo_ficha_linhas l JOIN reach r ON l.produto_id = r.id
   WHERE l.empresa_id = $1 AND l.tipo = 'produto'
)
SELECT l.produto_id, l.tipo, l.parte_id, l.consumo::text AS consumo, l.perda_pct::text AS perda_pct
  FROM catalogo_ficha_linhas l
 WHERE l.empresa_id = $1 AND l.produto_id IN (SELECT id FROM reach)
 ORDER BY l.produto_id, l.ordem`;

// Each need's item unit, and its location's balance and average; without a balance row there,
// the item's reference cost, else 0 (what the stock values an outflow there at).
const BALANCES = `SELECT n.insumo_id, n.local_id, i.unidade_consumo AS unidade,
       coalesce(s.saldo, 0)::text AS saldo,
       coalesce(s.custo_medio, i.custo_referencia, 0)::text AS custo_medio
  FROM unnest($2::uuid[], $3::uuid[]) AS n(insumo_id, local_id)
  LEFT JOIN catalogo_insumos i ON i.empresa_id = $1 AND i.id = n.insumo_id
  LEFT JOIN estoque_saldos s ON s.empresa_id = $1 AND s.insumo_id = n.insumo_id AND s.local_id = n.local_id`;

/**
 * What a day plan consumes, per supply item and location (the domain's explosion over the
 * active bills), against the current balances, valued at each location's average cost.
 * Reads the catalog and stock read models, which may lag the log like every read.
 */
export async function planNeeds(
  db: Pool | PoolClient,
  empresaId: string,
  itens: readonly ItemDoPlano[],
): Promise<NeedRow[]> {
  if (itens.length === 0) return [];
  const products = [...new Set(itens.map((i) => i.produto_id))];
  const lines = await db.query<{
    produto_id: string;
    tipo: string;
    parte_id: string;
    consumo: string;
    perda_pct: string;
  }>(REACHABLE_BILLS, [empresaId, products]);
  const bills = new Map<string, ExplosionLine[]>();
  for (const l of lines.rows) {
    const line: ExplosionLine = {
      tipo: l.tipo === 'produto' ? 'produto' : 'insumo',
      insumo_id: l.tipo === 'produto' ? null : l.parte_id,
      componente_id: l.tipo === 'produto' ? l.parte_id : null,
      consumo: l.consumo,
      perda_pct: l.perda_pct,
    };
    bills.set(l.produto_id, [...(bills.get(l.produto_id) ?? []), line]);
  }
  const needs = needsOf(bills, itens);
  if (needs.length === 0) return [];
  const { rows } = await db.query<{
    insumo_id: string;
    local_id: string;
    unidade: string | null;
    saldo: string;
    custo_medio: string;
  }>(BALANCES, [empresaId, needs.map((n) => n.insumo_id), needs.map((n) => n.local_id)]);
  const stock = new Map(rows.map((r) => [`${r.insumo_id}|${r.local_id}`, r]));
  return needs.map((n) => {
    const s = stock.get(`${n.insumo_id}|${n.local_id}`)!;
    return {
      ...n,
      unidade: s.unidade ?? '',
      saldo: s.saldo,
      ...valueNeed(n.quantidade, s.saldo, s.custo_medio),
    };
  });
}
