import { randomUUID } from 'node:crypto';
import { describePlan, planNodes } from '@factory/database/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { positionPageSql } from './position-query.js';

const EMPRESA = randomUUID();
const window = { now: new Date('2026-01-01T00:00:00Z'), windowSeconds: 30 };
const insumo = '00000000-0000-4000-8000-000000000007';
const local = '00000000-0000-4000-9000-000000000002';

// A position page must read a range of pairs and probe each pair's last movement, never fold the
// ledger: with real statistics on 50k movements the planner must choose the indexes unaided.
describeWith(['postgres'], 'stock position page plans', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(
      `INSERT INTO estoque_movimentos (empresa_id, id, insumo_id, local_id, tipo, quantidade, unidade,
                                       custo_unitario, custo_unitario_bruto, origem, criado_em,
                                       saldo_apos, custo_medio_apos, revisao)
       SELECT CASE WHEN g <= 45000 THEN $1::uuid ELSE gen_random_uuid() END, gen_random_uuid(),
              ('00000000-0000-4000-8000-' || lpad((g % 500)::text, 12, '0'))::uuid,
              ('00000000-0000-4000-9000-' || lpad((g % 4)::text, 12, '0'))::uuid,
              'ajuste', 1, 'm', 1, 1, 'api', timestamptz '2025-01-01' + g * interval '7 minutes', g, 1, g
         FROM generate_series(1, 50000) AS g`,
      [EMPRESA],
    );
    await db.pool.query(
      `INSERT INTO estoque_saldos (empresa_id, insumo_id, local_id, saldo, unidade, custo_medio,
                                   custo_medio_bruto, valor, atualizado_em)
       SELECT DISTINCT empresa_id, insumo_id, local_id, 1, 'm', 1, 1, 1, timestamptz '2025-01-01'
         FROM estoque_movimentos`,
    );
    await db.pool.query(`INSERT INTO projection_checkpoints (name, watermark) VALUES ('estoque', now())`);
    await db.pool.query('VACUUM ANALYZE estoque_movimentos');
    await db.pool.query('VACUUM ANALYZE estoque_saldos');
  });

  const cases: Array<[string, object, string]> = [
    ['no filter', {}, 'estoque_saldos_pkey'],
    ['an instant', { instante: '2025-03-01T00:00:00Z' }, 'estoque_saldos_pkey'],
    ['insumo_id', { insumoId: insumo }, 'estoque_saldos_pkey'],
    ['local_id', { localId: local }, 'estoque_saldos_local_insumo'],
  ];
  for (const [name, filters, pairs] of cases) {
    it(`reads pairs by ${pairs} and each pair's movement by estoque_movimentos_posicao_ultimo (${name})`, async () => {
      for (const after of [
        null,
        ['2025-06-01T00:00:00.000000Z', insumo, local] as [string, string, string],
      ]) {
        const nodes = await planNodes(
          db.pool,
          positionPageSql({ empresaId: EMPRESA, filters, window, after, limit: 51 }),
        );
        const plan = describePlan(nodes);
        const scans = (table: string) => nodes.filter((n) => n.relation === table);
        expect(
          scans('estoque_saldos').map((n) => n.index),
          plan,
        ).toEqual([pairs]);
        // The pair's last row at or before the instant: one backward step of an index-only scan.
        const probe = {
          type: 'Index Only Scan',
          relation: 'estoque_movimentos',
          index: 'estoque_movimentos_posicao_ultimo',
        };
        expect(scans('estoque_movimentos'), plan).toEqual([probe]);
        expect(
          scans('estoque_saldos').every((n) => n.type.startsWith('Index')),
          plan,
        ).toBe(true);
      }
    });
  }
});
