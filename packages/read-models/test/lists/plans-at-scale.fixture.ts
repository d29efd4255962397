// Benchmark support (not exported, not built): the list page plans at scale.
import { randomUUID } from 'node:crypto';
import type { Pool } from '@factory/database';
import { describePlan, planNodes } from '@factory/database/testing';
import { balancesPageSql } from '../../src/stock/balances-query.js';
import { movementsPageSql } from '../../src/stock/movements-query.js';

/**
 * Loads `movements` rows (80 % of one company) and 100k balances directly, set-based, runs
 * ANALYZE, and prints the plan of every list page (first and cursor page, with and without each
 * filter) with its run time: each must be an index range scan of its table, without a sort.
 */
export async function explainStockListsAtScale(
  pool: Pool,
  log: (line: string) => void,
  movements = 1_000_000,
): Promise<boolean> {
  const empresa = randomUUID();
  const started = performance.now();
  await pool.query(
    `INSERT INTO estoque_movimentos (empresa_id, id, insumo_id, local_id, tipo, quantidade, unidade,
                                     custo_unitario, custo_unitario_bruto, origem, criado_em, saldo_apos, custo_medio_apos, revisao)
     SELECT CASE WHEN g % 10 < 8 THEN $1::uuid ELSE gen_random_uuid() END, gen_random_uuid(),
            ('00000000-0000-4000-8000-' || lpad((g % 2000)::text, 12, '0'))::uuid,
            ('00000000-0000-4000-9000-' || lpad((g % 5)::text, 12, '0'))::uuid,
            (ARRAY['entrada_manual','ajuste','perda','baixa_producao','entrada_nfe','estorno','saldo_inicial'])[1 + g % 7],
            1, 'un', 1, 1, 'api', timestamptz '2024-01-01' + g * interval '20 seconds', g, 1, g
       FROM generate_series(1, $2::int) AS g`,
    [empresa, movements],
  );
  await pool.query(
    `INSERT INTO estoque_saldos (empresa_id, insumo_id, local_id, saldo, unidade, custo_medio, custo_medio_bruto, valor, atualizado_em)
     SELECT $1::uuid, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
            ('00000000-0000-4000-9000-' || lpad(l::text, 12, '0'))::uuid, 1, 'un', 1, 1, 1,
            timestamptz '2024-01-01' + (g * 5 + l) * interval '1 minute'
       FROM generate_series(1, 20000) AS g, generate_series(0, 4) AS l`,
    [empresa],
  );
  await pool.query('ANALYZE estoque_movimentos; ANALYZE estoque_saldos');
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM estoque_movimentos');
  log(
    `  plans: ${rows[0]!.n} movements (${movements} loaded set-based in ${((performance.now() - started) / 1000).toFixed(1)} s), 100000 balances`,
  );
  const window = { now: new Date(), windowSeconds: 30 };
  const mid = await pool.query(
    `SELECT to_char(criado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM estoque_movimentos
      WHERE empresa_id = $1 ORDER BY criado_em, id OFFSET 400000 LIMIT 1`,
    [empresa],
  );
  const after: [string, string] = [mid.rows[0].at, mid.rows[0].id];
  const bal = await pool.query(
    `SELECT to_char(atualizado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, insumo_id, local_id
       FROM estoque_saldos WHERE empresa_id = $1 ORDER BY atualizado_em OFFSET 50000 LIMIT 1`,
    [empresa],
  );
  const balAfter: [string, string, string] = [bal.rows[0].at, bal.rows[0].insumo_id, bal.rows[0].local_id];
  const insumoId = '00000000-0000-4000-8000-000000000042';
  const localId = '00000000-0000-4000-9000-000000000003';
  const filters: Array<[string, object]> = [
    ['no filter', {}],
    ['desde', { desde: '2024-03-01T00:00:00Z' }],
    ['insumo_id', { insumoId }],
    ['local_id', { localId }],
    ['tipo', { tipo: 'estorno' }],
    ['every filter', { desde: '2024-03-01T00:00:00Z', insumoId, localId, tipo: 'perda' }],
  ];
  let allIndexed = true;
  const check = async (label: string, query: { text: string; values: unknown[] }, table: string) => {
    const nodes = await planNodes(pool, query);
    const scans = nodes.filter((n) => n.relation === table);
    const indexed =
      scans.length > 0 && scans.every((n) => n.type === 'Index Scan' || n.type === 'Index Only Scan');
    allIndexed &&= indexed && !nodes.some((n) => n.type === 'Sort');
    const t = performance.now();
    await pool.query(query.text, query.values);
    log(
      `    ${label}: ${indexed ? 'index' : 'NOT INDEXED'} (${(performance.now() - t).toFixed(1)} ms) ${describePlan(nodes)}`,
    );
  };
  for (const [name, f] of filters) {
    for (const [page, a] of [
      ['first page', null],
      ['cursor page', after],
    ] as const)
      await check(
        `movimentos ${name}, ${page}`,
        movementsPageSql({ empresaId: empresa, filters: f, window, after: a, limit: 51 }),
        'estoque_movimentos',
      );
  }
  for (const [name, f] of [
    ['no filter', {}],
    ['atualizado_desde', { atualizadoDesde: '2024-01-20T00:00:00Z' }],
    ['insumo_id', { insumoId }],
    ['local_id', { localId }],
  ] as const) {
    for (const [page, a] of [
      ['first page', null],
      ['cursor page', balAfter],
    ] as const)
      await check(
        `saldos ${name}, ${page}`,
        balancesPageSql({ empresaId: empresa, filters: f, window, after: a, limit: 51 }),
        'estoque_saldos',
      );
  }
  log(`  every page an index range scan without a sort: ${allIndexed ? 'yes' : 'NO'}`);
  return allIndexed;
}
