import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from '@factory/database';
import {
  compareCheckpoints,
  createPostgresEventStore,
  type InlineProjection,
  streamName,
} from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeSideProjections } from '../../write-side-projections.js';

// Issue 24: in the rows-after-commit mode the catch-up writes a batch of the log's events set by
// set (the projections' `collapse`): as many statements for 100 events as for 10, and the same
// rows as one by one, where later events change what earlier ones wrote, free a SKU, an alias or
// a tax id that another record then takes.

type Event = { stream: string; type: string; data: Record<string, unknown> };

/** An event of the company's record `id` of `category`. */
const eventOf =
  (empresa: string) =>
  (category: string, id: string, type: string, data: Record<string, unknown>): Event => ({
    stream: streamName(category, empresa, id),
    type,
    data,
  });

/** Ten events of every kind the catalog's tables follow, on records created here. */
function created(empresa: string, n: number): Event[] {
  const on = eventOf(empresa);
  const [p, q, i, f, h] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [sku, doc] = [`P-${n}`, `D-${n}`];
  return [
    on('produto', p, 'ProdutoCadastrado.v1', {
      produto_id: p,
      sku,
      variacao: null,
      custo_manual: '1',
      apelidos: [`a-${n}`, `b-${n}`],
    }),
    on('produto', p, 'ProdutoAlterado.v1', {
      produto_id: p,
      alteracoes: { custo_manual: '2', apelidos: [`b-${n}`, `c-${n}`] },
    }),
    on('produto', p, 'FichaDefinida.v1', {
      produto_id: p,
      versao: 1,
      linhas: [{ insumo_id: i, componente_id: null, consumo: '2', perda_pct: '0' }],
    }),
    on('produto', p, 'ProdutoExcluido.v1', { produto_id: p, excluido_em: '2026-01-02T00:00:00Z' }),
    // Takes the SKU and an alias the deletion freed, in the same batch.
    on('produto', q, 'ProdutoCadastrado.v1', {
      produto_id: q,
      sku,
      variacao: null,
      custo_manual: null,
      apelidos: [`b-${n}`, `k-${n}`],
    }),
    on('insumo', i, 'InsumoCadastrado.v1', {
      insumo_id: i,
      sku: `I-${n}`,
      unidade_compra: 'kg',
      unidade_consumo: 'g',
      fator_conversao: '1000',
      custo_referencia: null,
    }),
    on('insumo', i, 'InsumoDefinido.v1', {
      insumo_id: i,
      unidade_compra: 'kg',
      unidade_consumo: 'g',
      fator_conversao: '1000',
      custo_referencia: '3.5',
    }),
    on('fornecedor', f, 'FornecedorCadastrado.v1', { fornecedor_id: f, cnpj: doc, cpf: null }),
    on('fornecedor', f, 'FornecedorAlterado.v1', { fornecedor_id: f, alteracoes: { cnpj: `E-${n}` } }),
    // Takes the tax id the change freed.
    on('fornecedor', h, 'FornecedorCadastrado.v1', { fornecedor_id: h, cnpj: doc, cpf: null }),
  ];
}

/** Ten events over the records `created` made (in an earlier batch): they give up what others take. */
function changed(empresa: string, events: readonly Event[], n: number): Event[] {
  const idOf = (k: number, field: string) => events[k]!.data[field] as string;
  const [q, i, f, h] = [
    idOf(4, 'produto_id'),
    idOf(5, 'insumo_id'),
    idOf(7, 'fornecedor_id'),
    idOf(9, 'fornecedor_id'),
  ];
  const on = eventOf(empresa);
  const [r, j] = [randomUUID(), randomUUID()];
  return [
    // Aliases move from q to r, one by one (q is not deleted: nothing but the sets frees them).
    on('produto', q, 'ProdutoAlterado.v1', { produto_id: q, alteracoes: { apelidos: [`k-${n}`] } }),
    on('produto', r, 'ProdutoCadastrado.v1', {
      produto_id: r,
      sku: `R-${n}`,
      variacao: null,
      custo_manual: '4',
      apelidos: [`b-${n}`],
    }),
    on('produto', q, 'FichaDesativada.v1', { produto_id: q }),
    on('produto', q, 'ProdutoAlterado.v1', { produto_id: q, alteracoes: { apelidos: [] } }),
    on('produto', r, 'ProdutoAlterado.v1', {
      produto_id: r,
      alteracoes: { variacao: { base_sku: `R-${n}`, eixos: ['cor'] }, apelidos: [`b-${n}`, `k-${n}`] },
    }),
    // An item deleted frees its SKU, which a new one takes.
    on('insumo', i, 'InsumoExcluido.v1', { insumo_id: i, excluido_em: '2026-01-03T00:00:00Z' }),
    on('insumo', j, 'InsumoCadastrado.v1', {
      insumo_id: j,
      sku: `I-${n}`,
      unidade_compra: 'm',
      unidade_consumo: 'cm',
      fator_conversao: '100',
      custo_referencia: '1',
    }),
    // Two suppliers swap their tax ids, through a third value.
    on('fornecedor', f, 'FornecedorAlterado.v1', { fornecedor_id: f, alteracoes: { cnpj: `X-${n}` } }),
    on('fornecedor', h, 'FornecedorAlterado.v1', { fornecedor_id: h, alteracoes: { cnpj: `E-${n}` } }),
    on('fornecedor', f, 'FornecedorAlterado.v1', { fornecedor_id: f, alteracoes: { cnpj: `D-${n}` } }),
  ];
}

/** The pool, counting the statements sent through it while `counting.on`. */
function countingPool(pool: Pool) {
  const counter = { on: false, statements: 0 };
  const counted = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver);
        if (property === 'query')
          return (...args: unknown[]) => {
            if (counter.on) counter.statements++;
            return (value as (...a: unknown[]) => unknown).apply(object, args);
          };
        if (property === 'connect')
          return async () => counted(await (value as () => Promise<PoolClient>).apply(object));
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  return { pool: counted(pool), counter };
}

/** A store in the rows-after-commit mode over its own database, with these projections. */
async function storeWith(projections: readonly InlineProjection[]) {
  const db = await createTestDatabase();
  const { pool, counter } = countingPool(db.pool);
  const store = createPostgresEventStore({ pool, listen: null, rows: { mode: 'after-commit', projections } });
  /** Appends the events (each its own stream's next), then the statements the catch-up sends. */
  async function catchUp(events: readonly Event[]): Promise<number> {
    for (const event of events) {
      const last = (await store.readStream(event.stream)).at(-1);
      await store.appendToStream(event.stream, [{ id: randomUUID(), type: event.type, data: event.data }], {
        expectedRevision: last === undefined ? 'no_stream' : last.revision,
      });
    }
    // The catch-up reads the log once every older transaction on the server has ended
    // (read-all.ts): wait for that, so that it reads its batch at once, as a busy log's would.
    const { checkpoint: head } = await store.readHead();
    for (;;) {
      const last = (await store.readAll({ limit: 100_000 })).at(-1);
      if (last !== undefined && compareCheckpoints(last.checkpoint, head) >= 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    counter.statements = 0;
    counter.on = true;
    try {
      await store.writeSideRowsCurrent();
    } finally {
      counter.on = false;
    }
    return counter.statements;
  }
  return { db, store, catchUp };
}

const TABLES = {
  catalog_products: 'produto_id',
  catalog_product_aliases: 'apelido',
  catalog_bill_lines: 'produto_id, posicao',
  catalog_supply_items: 'insumo_id',
  catalog_suppliers: 'fornecedor_id',
};

async function rowsOf(db: TestDatabase) {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES))
    out[table] = (await db.pool.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
  return out;
}

describeWith(['postgres'], 'rows after commit: the catch-up writes a batch set by set', () => {
  const oneByOne = writeSideProjections.map(({ collapse: _, ...projection }) => projection);
  let batched: Awaited<ReturnType<typeof storeWith>>;
  let single: Awaited<ReturnType<typeof storeWith>>;

  beforeAll(async () => {
    [batched, single] = await Promise.all([storeWith(writeSideProjections), storeWith(oneByOne)]);
  });
  afterAll(async () => {
    await Promise.all([batched.store.close(), single.store.close()]);
  });

  it('sends as many statements for 100 events as for 10, and leaves the rows one by one would', async () => {
    const counts: Record<string, number[]> = { batched: [], single: [] };
    for (const units of [1, 10]) {
      const empresa = randomUUID();
      const first = Array.from({ length: units }, (_, n) => created(empresa, n));
      const second = first.map((events, n) => changed(empresa, events, n));
      for (const [name, store] of [
        ['batched', batched],
        ['single', single],
      ] as const) {
        counts[name]!.push(await store.catchUp(first.flat()), await store.catchUp(second.flat()));
      }
      expect(first.flat()).toHaveLength(10 * units);
      expect(second.flat()).toHaveLength(10 * units);
    }
    console.info(
      `catch-up statements (10 created, 10 changed, 100 created, 100 changed): ${JSON.stringify(counts)}`,
    );
    const [ten, tenChanged, hundred, hundredChanged] = counts.batched as [number, number, number, number];
    expect([hundred, hundredChanged]).toEqual([ten, tenChanged]);
    // One by one, every event's rows were statements of their own.
    expect(counts.single![2]).toBeGreaterThan(100);
    expect(await rowsOf(batched.db)).toEqual(await rowsOf(single.db));
    // And the rows are what the events say: not two empty tables.
    const rows = await rowsOf(batched.db);
    expect(rows.catalog_products).toHaveLength(33);
    expect(
      rows.catalog_suppliers!.filter((s) => (s as { excluido_em: unknown }).excluido_em === null),
    ).toHaveLength(22);
  }, 120_000);
});
