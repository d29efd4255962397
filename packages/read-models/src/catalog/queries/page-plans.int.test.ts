import { randomUUID } from 'node:crypto';
import { describePlan, planNodes } from '@factory/database/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { billsPageSql } from './bills-query.js';
import type { CatalogKeyset } from './catalog-page-sql.js';
import { productsPageSql } from './products-query.js';
import { suppliersPageSql } from './suppliers-query.js';
import { supplyItemsPageSql } from './supply-items-query.js';

const EMPRESA = randomUUID();
const window = { now: new Date('2026-01-01T00:00:00Z'), windowSeconds: 30 };
const desde = '2025-06-01T00:00:00Z';
const uuid = (prefix: string, g: string) => `('${prefix}-' || lpad((${g})::text, 12, '0'))::uuid`;

// Every catalog list page, filtered or not, first page or after a cursor, must stay an index
// range scan without a sort as the tables grow: with real statistics on 20k products (and 5k
// of other companies) the planner must choose an index ending in the list's order.
describeWith(['postgres'], 'catalog list page plans', () => {
  let db: TestDatabase;
  const middle: Record<string, CatalogKeyset> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    const company = `CASE WHEN g <= 20000 THEN '${EMPRESA}'::uuid ELSE gen_random_uuid() END`;
    const instant = `timestamptz '2025-01-01' + g * interval '17 minutes'`;
    await db.pool.query(
      `INSERT INTO catalogo_produtos (empresa_id, id, sku, nome, familia, atributos, status, tipo, apelidos,
                                      importado, criado_em, atualizado_em, excluido_em)
       SELECT ${company}, ${uuid('00000000-0000-4000-8000', 'g')}, 'SKU-' || g, 'P' || g, 'fam' || (g % 40), '{}',
              CASE WHEN g % 10 = 0 THEN 'inativo' ELSE 'ativo' END, CASE WHEN g % 7 = 0 THEN 'kit' ELSE 'produto' END,
              '{}', false, ${instant}, ${instant}, CASE WHEN g % 25 = 0 THEN ${instant} END
         FROM generate_series(1, 25000) AS g`,
    );
    await db.pool.query(
      `INSERT INTO catalogo_insumos (empresa_id, id, sku, nome, familia, ativo, unidade_compra, unidade_consumo,
                                     fator_conversao, criado_em, atualizado_em, excluido_em)
       SELECT ${company}, ${uuid('00000000-0000-4000-8001', 'g')}, 'INS-' || g, 'I' || g, 'fam' || (g % 40),
              g % 10 <> 0, 'rolo', 'm', 50, ${instant}, ${instant}, CASE WHEN g % 25 = 0 THEN ${instant} END
         FROM generate_series(1, 25000) AS g`,
    );
    await db.pool.query(
      `INSERT INTO catalogo_fornecedores (empresa_id, id, nome, cnpj, ativo, criado_em, atualizado_em, excluido_em)
       SELECT ${company}, ${uuid('00000000-0000-4000-8002', 'g')}, 'F' || g, lpad(g::text, 14, '0'), g % 10 <> 0,
              ${instant}, ${instant}, CASE WHEN g % 25 = 0 THEN ${instant} END
         FROM generate_series(1, 25000) AS g`,
    );
    await db.pool.query(
      `INSERT INTO catalogo_fichas (empresa_id, produto_id, versao, versao_id, linhas, atualizado_em)
       SELECT ${company}, ${uuid('00000000-0000-4000-8000', 'g')}, 1, gen_random_uuid(), '[]', ${instant}
         FROM generate_series(1, 25000) AS g`,
    );
    await db.pool.query(`INSERT INTO projection_checkpoints (name, watermark) VALUES ('catalogo', now())`);
    await db.pool.query(
      'ANALYZE catalogo_produtos; ANALYZE catalogo_insumos; ANALYZE catalogo_fornecedores; ANALYZE catalogo_fichas',
    );
    for (const [table, key] of [
      ['catalogo_produtos', 'id'],
      ['catalogo_insumos', 'id'],
      ['catalogo_fornecedores', 'id'],
      ['catalogo_fichas', 'versao_id'],
    ] as const) {
      const { rows } = await db.pool.query(
        `SELECT to_char(atualizado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, ${key} AS id
           FROM ${table} WHERE empresa_id = $1 ORDER BY atualizado_em, ${key} OFFSET 10000 LIMIT 1`,
        [EMPRESA],
      );
      middle[table] = [rows[0].at, rows[0].id];
    }
  });

  async function expectIndexRange(
    query: { text: string; values: unknown[] },
    table: string,
    indexes: string[],
  ) {
    const single = indexes.includes('catalogo_fichas_pkey'); // one row at most: nothing to sort
    const nodes = await planNodes(db.pool, query);
    const scans = nodes.filter((n) => n.relation === table);
    expect(scans, describePlan(nodes)).toHaveLength(1);
    expect(scans[0]!.type, describePlan(nodes)).toBe('Index Scan');
    expect(indexes, describePlan(nodes)).toContain(scans[0]!.index);
    if (!single)
      expect(
        nodes.map((n) => n.type),
        describePlan(nodes),
      ).not.toContain('Sort');
  }

  const lists = [
    {
      table: 'catalogo_produtos',
      sql: productsPageSql,
      cases: [
        [{ incluirExcluidos: false }, ['catalogo_produtos_lista']],
        [{ incluirExcluidos: true }, ['catalogo_produtos_lista_todos']],
        [{ incluirExcluidos: false, atualizadoDesde: desde }, ['catalogo_produtos_lista']],
        [{ incluirExcluidos: false, sku: 'SKU-77' }, ['catalogo_produtos_sku']],
        [{ incluirExcluidos: false, familia: 'fam7' }, ['catalogo_produtos_familia']],
        [{ incluirExcluidos: true, status: 'inativo' }, ['catalogo_produtos_status']],
        [{ incluirExcluidos: false, tipo: 'kit' }, ['catalogo_produtos_tipo']],
        [
          { incluirExcluidos: false, status: 'ativo' },
          ['catalogo_produtos_status', 'catalogo_produtos_lista'],
        ],
      ],
    },
    {
      table: 'catalogo_insumos',
      sql: supplyItemsPageSql,
      cases: [
        [{ incluirExcluidos: false }, ['catalogo_insumos_lista']],
        [{ incluirExcluidos: true }, ['catalogo_insumos_lista_todos']],
        [{ incluirExcluidos: false, sku: 'INS-9' }, ['catalogo_insumos_sku']],
        [{ incluirExcluidos: false, familia: 'fam3' }, ['catalogo_insumos_familia']],
        [{ incluirExcluidos: true, ativo: false }, ['catalogo_insumos_ativo']],
      ],
    },
    {
      table: 'catalogo_fornecedores',
      sql: suppliersPageSql,
      cases: [
        [{ incluirExcluidos: false }, ['catalogo_fornecedores_lista']],
        [{ incluirExcluidos: true }, ['catalogo_fornecedores_lista_todos']],
        [{ incluirExcluidos: false, cnpj: '00000000000042' }, ['catalogo_fornecedores_cnpj']],
        [{ incluirExcluidos: true, ativo: false }, ['catalogo_fornecedores_ativo']],
      ],
    },
    {
      table: 'catalogo_fichas',
      sql: billsPageSql,
      cases: [
        [{}, ['catalogo_fichas_lista']],
        [{ atualizadoDesde: desde }, ['catalogo_fichas_lista']],
        [{ produtoId: '00000000-0000-4000-8000-000000000042' }, ['catalogo_fichas_pkey']],
      ],
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
