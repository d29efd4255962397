import { randomUUID } from 'node:crypto';
import { describePlan, planNodes } from '@factory/database/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { linksPageSql } from './links-query.js';
import { notasPageSql } from './notas-query.js';
import { ordersPageSql } from './orders-query.js';

const EMPRESA = randomUUID();
const FORNECEDOR = '00000000-0000-4000-8009-000000000007';
const window = { now: new Date('2026-01-01T00:00:00Z'), windowSeconds: 30 };
const desde = '2025-06-01T00:00:00Z';
const uuid = (prefix: string, g: string) => `('${prefix}-' || lpad((${g})::text, 12, '0'))::uuid`;

// Every purchases list page, filtered or not, first page or after a cursor, stays an index range
// scan without a sort as the tables grow: with real statistics on 20k orders, invoices and links
// (of one supplier) of one company, and 5k of others, the planner must choose an index ending in
// the list's order.
describeWith(['postgres'], 'purchases list page plans', () => {
  let db: TestDatabase;
  const middle: Record<string, unknown[]> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    const company = `CASE WHEN g <= 20000 THEN '${EMPRESA}'::uuid ELSE gen_random_uuid() END`;
    const instant = `timestamptz '2025-01-01' + g * interval '17 minutes'`;
    const fornecedor = `CASE WHEN g % 50 = 0 THEN '${FORNECEDOR}'::uuid ELSE ${uuid('00000000-0000-4000-8009', 'g % 300')} END`;
    await db.pool.query(
      `INSERT INTO compras_pedidos (empresa_id, id, numero, fornecedor_id, local_id, situacao, previsto_para,
                                    condicao_pagamento, observacao, valor_total, motivo_cancelamento, criado_em, atualizado_em)
       SELECT ${company}, ${uuid('00000000-0000-4000-8000', 'g')}, g, ${fornecedor}, gen_random_uuid(),
              (ARRAY['aberto', 'parcial', 'recebido', 'cancelado'])[1 + g % 4], date '2025-01-01' + g % 300,
              NULL, NULL, g, NULL, ${instant}, ${instant}
         FROM generate_series(1, 25000) AS g`,
    );
    await db.pool.query(
      `INSERT INTO compras_pedido_itens (empresa_id, pedido_id, posicao, id, insumo_id, quantidade, unidade,
                                         preco_unitario, quantidade_recebida)
       SELECT p.empresa_id, p.id, n, gen_random_uuid(), gen_random_uuid(), 10, 'kg', 2, 0
         FROM compras_pedidos p, generate_series(1, 3) AS n`,
    );
    await db.pool.query(
      `INSERT INTO compras_notas (empresa_id, id, chave, modelo, serie, numero, emitida_em, ambiente, fornecedor_id,
                                  emitente_cnpj, pedido_id, local_id, situacao, valor_total, criado_em, atualizado_em)
       SELECT ${company}, ${uuid('00000000-0000-4000-8001', 'g')}, lpad(g::text, 44, '0'), 55, 1, g, ${instant},
              'producao', ${fornecedor}, '11222333000181', NULL, gen_random_uuid(),
              CASE WHEN g % 10 = 0 THEN 'cancelada' ELSE 'recebida' END, g, ${instant}, ${instant}
         FROM generate_series(1, 25000) AS g`,
    );
    await db.pool.query(
      `INSERT INTO compras_vinculos (empresa_id, fornecedor_id, codigo, insumo_id, fator, atualizado_em)
       SELECT ${company}, CASE WHEN g <= 20000 THEN '${FORNECEDOR}'::uuid ELSE gen_random_uuid() END,
              'COD-' || g, gen_random_uuid(), 1, ${instant}
         FROM generate_series(1, 25000) AS g`,
    );
    await db.pool.query(`INSERT INTO projection_checkpoints (name, watermark) VALUES ('compras', now())`);
    await db.pool.query(
      'ANALYZE compras_pedidos; ANALYZE compras_pedido_itens; ANALYZE compras_notas; ANALYZE compras_vinculos',
    );
    for (const table of ['compras_pedidos', 'compras_notas']) {
      const { rows } = await db.pool.query(
        `SELECT to_char(atualizado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id
           FROM ${table} WHERE empresa_id = $1 ORDER BY atualizado_em, id OFFSET 10000 LIMIT 1`,
        [EMPRESA],
      );
      middle[table] = [rows[0].at, rows[0].id];
    }
    middle.compras_vinculos = ['COD-2'];
  });

  async function expectIndexRange(
    query: { text: string; values: unknown[] },
    table: string,
    indexes: string[],
  ) {
    const nodes = await planNodes(db.pool, query);
    const scans = nodes.filter((n) => n.relation === table);
    expect(scans, describePlan(nodes)).toHaveLength(1);
    expect(scans[0]!.type, describePlan(nodes)).toBe('Index Scan');
    expect(indexes, describePlan(nodes)).toContain(scans[0]!.index);
    expect(
      nodes.map((n) => n.type),
      describePlan(nodes),
    ).not.toContain('Sort');
  }

  const lists = [
    {
      table: 'compras_pedidos',
      sql: ordersPageSql,
      cases: [
        [{}, ['compras_pedidos_lista']],
        [{ atualizadoDesde: desde }, ['compras_pedidos_lista']],
        [{ fornecedorId: FORNECEDOR }, ['compras_pedidos_fornecedor']],
        [{ situacao: 'cancelado' }, ['compras_pedidos_situacao', 'compras_pedidos_lista']],
      ],
    },
    {
      table: 'compras_notas',
      sql: notasPageSql,
      cases: [
        [{}, ['compras_notas_lista']],
        [{ atualizadoDesde: desde }, ['compras_notas_lista']],
        [{ fornecedorId: FORNECEDOR }, ['compras_notas_fornecedor']],
        [{ chave: '0'.repeat(40).concat('4242') }, ['compras_notas_chave']],
        [{ situacao: 'cancelada' }, ['compras_notas_situacao', 'compras_notas_lista']],
      ],
    },
    {
      table: 'compras_vinculos',
      sql: linksPageSql,
      cases: [[{ fornecedorId: FORNECEDOR }, ['compras_vinculos_pkey']]],
    },
  ] as const;

  for (const list of lists) {
    describe(list.table, () => {
      for (const [filters, indexes] of list.cases) {
        it(`${JSON.stringify(filters)}: first page and cursor page`, async () => {
          for (const after of [null, middle[list.table]!]) {
            const page = (list.sql as (q: object) => { text: string; values: unknown[] })({
              empresaId: EMPRESA,
              filters,
              window,
              after,
              limit: 51,
            });
            await expectIndexRange(page, list.table, [...indexes]);
          }
        });
      }
    });
  }
});
