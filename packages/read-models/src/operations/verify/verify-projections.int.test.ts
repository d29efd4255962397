import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomStep, seedCatalog } from '../../../test/catalog/catalog-workload.fixture.js';
import { CatalogWriter } from '../../../test/catalog/catalog-writer.fixture.js';
import { PROJECTIONS } from '../../projections.js';
import { type Projector, startProjector } from '../../projector/projector.js';
import { waitUntilCaughtUp } from '../../projector/wait-for-projection.js';
import { verifyProjections } from './verify-projections.js';

describeWith(['postgres'], 'projecoes verificar', () => {
  let db: TestDatabase;
  let store: EventStore;
  let live: Projector;
  const empresas = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool });
    live = startProjector({ pool: db.pool, eventStore: store, projections: PROJECTIONS, batchSize: 13 });
    await Promise.all(
      empresas.map(async (empresa) => {
        const w = new CatalogWriter(store, empresa);
        const workload = await seedCatalog(w, { items: 5, products: 8 });
        for (let i = 0; i < 80; i++) await randomStep(w, workload, 2_000);
      }),
    );
    for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await live.close();
    await store.close();
  });

  const verify = (empresa?: string) =>
    verifyProjections({ pool: db.pool, eventStore: store, projections: PROJECTIONS, empresa });

  it('finds nothing to report when the live read models are what the log says', async () => {
    const result = await verify();
    expect(result).toMatchObject({ diferencas: 0, exemplos: [] });
    expect(result.posicoes.estoque).toBeGreaterThan(0);
    const scratch = await db.pool.query("SELECT 1 FROM pg_namespace WHERE nspname LIKE 'verificacao\\_%'");
    expect(scratch.rowCount).toBe(0);
  });

  it('names exactly the balance and the product cost changed by hand, and only for their company', async () => {
    const [empresa, other] = empresas as [string, string];
    const { rows: saldos } = await db.pool.query<{ insumo_id: string; local_id: string; saldo: string }>(
      `SELECT insumo_id, local_id, saldo::text FROM estoque_saldos WHERE empresa_id = $1
        ORDER BY insumo_id, local_id LIMIT 1`,
      [empresa],
    );
    const { rows: produtos } = await db.pool.query<{ id: string; custo_ficha: string | null }>(
      'SELECT id, custo_ficha::text FROM catalogo_produtos WHERE empresa_id = $1 ORDER BY id LIMIT 1',
      [empresa],
    );
    const saldo = saldos[0]!;
    const produto = produtos[0]!;
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      // Hold the live build still while changing its rows by hand, as an operator's slip would.
      await client.query('LOCK TABLE estoque_saldos, catalogo_produtos IN SHARE ROW EXCLUSIVE MODE');
      await client.query(
        'UPDATE estoque_saldos SET saldo = saldo + 1 WHERE insumo_id = $1 AND local_id = $2',
        [saldo.insumo_id, saldo.local_id],
      );
      await client.query('UPDATE catalogo_produtos SET custo_ficha = 123456.78 WHERE id = $1', [produto.id]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }

    const result = await verify();
    expect(result.diferencas).toBe(2);
    expect(result.exemplos).toEqual([
      {
        projecao: 'estoque',
        tabela: 'estoque_saldos',
        chave: { insumo_id: saldo.insumo_id, local_id: saldo.local_id },
        campo: 'saldo',
        ao_vivo: (await db.pool.query<{ s: string }>(`SELECT ($1::numeric + 1)::text AS s`, [saldo.saldo]))
          .rows[0]!.s,
        reconstruido: saldo.saldo,
      },
      {
        projecao: 'catalogo',
        tabela: 'catalogo_produtos',
        chave: { id: produto.id },
        campo: 'custo_ficha',
        ao_vivo: '123456.78',
        reconstruido: produto.custo_ficha,
      },
    ]);
    expect((await verify(empresa)).diferencas).toBe(2);
    expect(await verify(other)).toMatchObject({ diferencas: 0, exemplos: [] });
  });

  it('tells 1.50 from 1.5 as a response would, though the two are equal numbers', async () => {
    const other = empresas[1]!;
    const { rows } = await db.pool.query<{ insumo_id: string; local_id: string; saldo: string }>(
      `SELECT insumo_id, local_id, saldo::text FROM estoque_saldos WHERE empresa_id = $1
        ORDER BY insumo_id, local_id LIMIT 1`,
      [other],
    );
    const saldo = rows[0]!;
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('LOCK TABLE estoque_saldos IN SHARE ROW EXCLUSIVE MODE');
      // The same number with more decimal places: equal to the replayed one, but printed otherwise.
      await client.query(
        'UPDATE estoque_saldos SET saldo = saldo + 0.000 WHERE insumo_id = $1 AND local_id = $2',
        [saldo.insumo_id, saldo.local_id],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const ao_vivo = (
      await db.pool.query<{ s: string }>(`SELECT ($1::numeric + 0.000)::text AS s`, [saldo.saldo])
    ).rows[0]!.s;
    expect(ao_vivo).not.toBe(saldo.saldo);
    expect(await verify(other)).toMatchObject({
      diferencas: 1,
      exemplos: [
        {
          projecao: 'estoque',
          tabela: 'estoque_saldos',
          chave: { insumo_id: saldo.insumo_id, local_id: saldo.local_id },
          campo: 'saldo',
          ao_vivo,
          reconstruido: saldo.saldo,
        },
      ],
    });
  });

  it('reports a row missing on one side as one difference with the whole row', async () => {
    const { rows } = await db.pool.query<{ id: string }>(
      'DELETE FROM catalogo_insumos WHERE id = (SELECT id FROM catalogo_insumos ORDER BY id LIMIT 1) RETURNING id',
    );
    const result = await verify();
    const missing = result.exemplos.find((e) => e.tabela === 'catalogo_insumos');
    expect(missing).toMatchObject({ chave: { id: rows[0]!.id }, campo: null, ao_vivo: null });
    expect(JSON.parse(missing!.reconstruido!)).toMatchObject({ id: rows[0]!.id });
  });
});
