import { randomUUID } from 'node:crypto';
import { describePlan, planNodes } from '@factory/database/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesPageSql } from './balances-query.js';
import { movementsPageSql } from './movements-query.js';

const EMPRESA = randomUUID();
const window = { now: new Date('2026-01-01T00:00:00Z'), windowSeconds: 30 };
const desde = '2025-06-01T00:00:00Z';

// Keyset pages must stay index range scans as tables grow. The planner is left free (no
// enable_seqscan tricks): with real statistics on 50k movements it must choose the indexes.
describeWith(['postgres'], 'stock list page plans', () => {
  let db: TestDatabase;
  let insumo: string;
  let local: string;
  let middle: { movement: [string, string]; balance: [string, string, string] };

  beforeAll(async () => {
    db = await createTestDatabase();
    // 50k movements: 45k of one company over 50 items and 4 locations, 5k of four others.
    await db.pool.query(
      `INSERT INTO estoque_movimentos (empresa_id, id, insumo_id, local_id, tipo, quantidade, unidade,
                                       custo_unitario, custo_unitario_bruto, origem, criado_em, saldo_apos, custo_medio_apos, revisao)
       SELECT CASE WHEN g <= 45000 THEN $1::uuid ELSE gen_random_uuid() END, gen_random_uuid(),
              ('00000000-0000-4000-8000-' || lpad((g % 50)::text, 12, '0'))::uuid,
              ('00000000-0000-4000-9000-' || lpad((g % 4)::text, 12, '0'))::uuid,
              (ARRAY['entrada_manual','ajuste','perda','baixa_producao','entrada_nfe','estorno'])[1 + g % 6],
              1, 'm', 1, 1, 'api', timestamptz '2025-01-01' + g * interval '7 minutes', g, 1, g
         FROM generate_series(1, 50000) AS g`,
      [EMPRESA],
    );
    await db.pool.query(
      `INSERT INTO estoque_saldos (empresa_id, insumo_id, local_id, saldo, unidade, custo_medio,
                                   custo_medio_bruto, valor, atualizado_em)
       SELECT $1::uuid, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
              ('00000000-0000-4000-9000-' || lpad(l::text, 12, '0'))::uuid, 1, 'm', 1, 1, 1,
              timestamptz '2025-01-01' + (g * 7 + l) * interval '1 hour'
         FROM generate_series(1, 5000) AS g, generate_series(0, 3) AS l`,
      [EMPRESA],
    );
    await db.pool.query(`INSERT INTO projection_checkpoints (name, watermark) VALUES ('estoque', now())`);
    await db.pool.query('ANALYZE estoque_movimentos; ANALYZE estoque_saldos');
    insumo = '00000000-0000-4000-8000-000000000007';
    local = '00000000-0000-4000-9000-000000000002';
    const m = await db.pool.query(
      `SELECT to_char(criado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id
         FROM estoque_movimentos WHERE empresa_id = $1 ORDER BY criado_em, id OFFSET 20000 LIMIT 1`,
      [EMPRESA],
    );
    const s = await db.pool.query(
      `SELECT to_char(atualizado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, insumo_id, local_id
         FROM estoque_saldos ORDER BY atualizado_em OFFSET 10000 LIMIT 1`,
    );
    middle = {
      movement: [m.rows[0].at, m.rows[0].id],
      balance: [s.rows[0].at, s.rows[0].insumo_id, s.rows[0].local_id],
    };
  });

  async function expectIndexRange(query: { text: string; values: unknown[] }, table: string, index: string) {
    const nodes = await planNodes(db.pool, query);
    const scans = nodes.filter((n) => n.relation === table);
    expect(scans, describePlan(nodes)).toEqual([{ type: 'Index Scan', relation: table, index }]);
    expect(
      nodes.map((n) => n.type),
      describePlan(nodes),
    ).not.toContain('Sort');
  }

  describe('movements', () => {
    const page = (filters: object, after: [string, string] | null) =>
      movementsPageSql({ empresaId: EMPRESA, filters, window, after, limit: 51 });
    const cases: Array<[string, () => object, string]> = [
      ['no filter', () => ({}), 'estoque_movimentos_lista'],
      ['desde', () => ({ desde }), 'estoque_movimentos_lista'],
      ['insumo_id', () => ({ insumoId: insumo }), 'estoque_movimentos_insumo'],
      ['local_id', () => ({ localId: local }), 'estoque_movimentos_local'],
      ['tipo', () => ({ tipo: 'estorno' }), 'estoque_movimentos_tipo'],
      [
        'every filter',
        () => ({ desde, insumoId: insumo, localId: local, tipo: 'perda' }),
        // The position's index leads with both ids: the narrowest range for this page.
        'estoque_movimentos_posicao',
      ],
    ];
    for (const [name, filters, index] of cases) {
      it(`pages by ${index} with ${name}, first page and cursor page`, async () => {
        await expectIndexRange(page(filters(), null), 'estoque_movimentos', index);
        await expectIndexRange(page(filters(), middle.movement), 'estoque_movimentos', index);
      });
    }
  });

  describe('balances', () => {
    const page = (filters: object, after: [string, string, string] | null) =>
      balancesPageSql({ empresaId: EMPRESA, filters, window, after, limit: 51 });
    const cases: Array<[string, () => object, string]> = [
      ['no filter', () => ({}), 'estoque_saldos_lista'],
      ['atualizado_desde', () => ({ atualizadoDesde: desde }), 'estoque_saldos_lista'],
      ['insumo_id', () => ({ insumoId: insumo }), 'estoque_saldos_insumo'],
      ['local_id', () => ({ localId: local }), 'estoque_saldos_local'],
    ];
    for (const [name, filters, index] of cases) {
      it(`pages by ${index} with ${name}, first page and cursor page`, async () => {
        await expectIndexRange(page(filters(), null), 'estoque_saldos', index);
        await expectIndexRange(page(filters(), middle.balance), 'estoque_saldos', index);
      });
    }
  });
});
