import { arrayLiteral, type PoolClient } from '@factory/database';
import { exact, plus, times } from '@factory/domain/exact';
import { instantKeySql } from '../../lists/list-sql.js';
import { qualifiedTable } from '../../projector/projection.js';
import { keyOf } from '../catalog-events.js';
import type { CostInputs, NodeRef } from './cost-inputs.js';
import { type CostState, indexLines, type ProductNode, shownOf } from './cost-state.js';
import type { ItemNode } from './item-stock.js';
import { itemTotals } from './item-totals.js';

const ONE = exact('1');
const columns = (refs: readonly NodeRef[]) => [
  arrayLiteral(refs.map((r) => r.empresa_id)),
  arrayLiteral(refs.map((r) => r.id)),
];
const decimal = (text: string | null) => (text === null ? null : exact(text));

/**
 * Loads, before the batch writes anything, what its roll-up works on (cost-state.ts), in three
 * statements whatever the batch size:
 *   1. every product that consumes a changed node at any depth (a recursive CTE over the active
 *      bill lines), with its active bill;
 *   2. the changed items, with their stock by location;
 *   3. the unit costs of every other node those bills consume, fixed for the batch (skipped
 *      when there is none).
 * Numbers travel as text, so costs stay exact.
 */
export async function loadCostState(
  client: PoolClient,
  schema: string,
  inputs: CostInputs,
): Promise<CostState> {
  const t = (name: string) => qualifiedTable(schema, name);
  const state: CostState = { products: new Map(), items: new Map(), fixed: new Map(), consumers: new Map() };
  const starts = [...inputs.items, ...inputs.products];

  // Every product a changed node reaches through active bills. The bills the batch defines
  // need no walking of their own: their products are changed nodes, so walking the stored bills
  // from every changed node reaches every product the union of both reaches. LATERAL keeps each
  // step, and each product and its lines, an index lookup (a plain join lets the planner hash
  // the whole table). One row per product and line (a product without an active bill: one row,
  // no line), in order.
  const products = await client.query<ProductLineRow>(
    `WITH RECURSIVE up(empresa_id, id) AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[])
       UNION
       SELECT consumer.empresa_id, consumer.produto_id
         FROM up, LATERAL (SELECT l.empresa_id, l.produto_id FROM ${t('catalogo_ficha_linhas')} l
                            WHERE l.empresa_id = up.empresa_id AND l.parte_id = up.id) AS consumer
     )
     SELECT p.empresa_id, p.id, p.custo_manual::text, p.custo_exato::text, p.custo_exato_bruto::text,
            l.parte_id, l.consumo::text, l.perda_pct::text
       FROM up
       JOIN LATERAL (SELECT * FROM ${t('catalogo_produtos')} p
                      WHERE p.empresa_id = up.empresa_id AND p.id = up.id) AS p ON true
       LEFT JOIN LATERAL (SELECT * FROM ${t('catalogo_ficha_linhas')} l
                           WHERE l.empresa_id = p.empresa_id AND l.produto_id = p.id) AS l ON true
      ORDER BY p.empresa_id, p.id, l.ordem`,
    columns(starts),
  );
  addProducts(state, products.rows);

  const items = await client.query<ItemRow>(
    `SELECT s.empresa_id, s.id, i.custo_referencia::text,
            coalesce((SELECT json_agg(json_build_object('local', l.local_id, 'saldo', l.saldo::text,
                                                        'medio', l.custo_medio::text, 'bruto', l.custo_medio_bruto::text,
                                                        'em', ${instantKeySql('l.movido_em')}))
                        FROM ${t('catalogo_insumo_locais')} l
                       WHERE l.empresa_id = s.empresa_id AND l.insumo_id = s.id), '[]') AS locais
       FROM unnest($1::uuid[], $2::uuid[]) AS s(empresa_id, id)
       LEFT JOIN ${t('catalogo_insumos')} i ON i.empresa_id = s.empresa_id AND i.id = s.id`,
    columns(inputs.items),
  );
  for (const row of items.rows) addItem(state, row);

  // Every other node a loaded or new bill consumes: its cost cannot change in this batch.
  const others = new Map<string, NodeRef>();
  const consider = (empresa_id: string, id: string) => {
    const key = keyOf(empresa_id, id);
    if (!state.products.has(key) && !state.items.has(key)) others.set(key, { empresa_id, id });
  };
  for (const row of products.rows) if (row.parte_id !== null) consider(row.empresa_id, row.parte_id);
  for (const e of inputs.edges) consider(e.empresa_id, e.parte_id);
  if (others.size === 0) return state;
  const fixed = await client.query<{ empresa_id: string; id: string; custo: string; bruto: string }>(
    `SELECT p.empresa_id, p.id,
            (CASE WHEN p.tem_ficha THEN p.custo_exato ELSE coalesce(p.custo_manual, 0) END)::text AS custo,
            (CASE WHEN p.tem_ficha THEN p.custo_exato_bruto ELSE coalesce(p.custo_manual, 0) END)::text AS bruto
       FROM ${t('catalogo_produtos')} p
       JOIN unnest($1::uuid[], $2::uuid[]) AS s(empresa_id, id) ON p.empresa_id = s.empresa_id AND p.id = s.id
     UNION ALL
     SELECT i.empresa_id, i.id, coalesce(i.custo_medio, i.custo_referencia, 0)::text,
            coalesce(i.custo_medio_bruto, i.custo_referencia, 0)::text
       FROM ${t('catalogo_insumos')} i
       JOIN unnest($1::uuid[], $2::uuid[]) AS s(empresa_id, id) ON i.empresa_id = s.empresa_id AND i.id = s.id`,
    columns([...others.values()]),
  );
  for (const r of fixed.rows)
    state.fixed.set(keyOf(r.empresa_id, r.id), { custo: exact(r.custo), bruto: exact(r.bruto) });
  return state;
}

interface ProductLineRow {
  empresa_id: string;
  id: string;
  custo_manual: string | null;
  custo_exato: string | null;
  custo_exato_bruto: string | null;
  parte_id: string | null;
  consumo: string | null;
  perda_pct: string | null;
}

function addProducts(state: CostState, rows: readonly ProductLineRow[]): void {
  let node: ProductNode | null = null;
  for (const row of rows) {
    const key = keyOf(row.empresa_id, row.id);
    if (node === null || keyOf(node.empresaId, node.id) !== key) {
      const productExact =
        row.custo_exato === null
          ? null
          : { custo: exact(row.custo_exato), bruto: exact(row.custo_exato_bruto!) };
      node = {
        empresaId: row.empresa_id,
        id: row.id,
        manual: decimal(row.custo_manual),
        // The lines of the active bill; custo_exato is set exactly while one is active.
        lines: productExact === null ? null : [],
        exact: productExact,
        // The shown costs are a function of the exact ones, so they are derived, not read.
        shown: shownOf(productExact),
        touchedAt: null,
        write: false,
      };
      state.products.set(key, node);
    }
    if (row.parte_id !== null && node.lines !== null)
      node.lines.push({
        parte: keyOf(row.empresa_id, row.parte_id),
        quantidade: times(exact(row.consumo!), plus(ONE, exact(row.perda_pct!))),
      });
  }
  for (const [key, product] of state.products) indexLines(state, key, product.lines ?? [], 1);
}

interface ItemRow {
  empresa_id: string;
  id: string;
  custo_referencia: string | null;
  locais: Array<{ local: string; saldo: string; medio: string; bruto: string; em: string }>;
}

function addItem(state: CostState, row: ItemRow): void {
  const locations: ItemNode['locations'] = new Map(
    row.locais.map((l) => [
      l.local,
      {
        localId: l.local,
        saldo: exact(l.saldo),
        custoMedio: exact(l.medio),
        custoMedioBruto: exact(l.bruto),
        movidoEm: l.em,
      },
    ]),
  );
  state.items.set(keyOf(row.empresa_id, row.id), {
    empresaId: row.empresa_id,
    id: row.id,
    referencia: decimal(row.custo_referencia),
    totals: itemTotals(locations.values()),
    locations,
    pending: new Map(),
    movedAt: null,
    movedMs: 0,
    movedLocations: new Set(),
  });
}
