import { randomUUID } from 'node:crypto';
import { ALL_SCOPES } from '@factory/domain';
import { createPostgresEventStore } from '@factory/event-store';
import { startJobRunner } from '@factory/jobs';
import {
  followOpenRebuilds,
  PROJECTIONS,
  readRebuild,
  rebuildJob,
  requestRebuild,
  silentLog,
  startProjector,
  verifyProjections,
  waitUntilCaughtUp,
} from '@factory/read-models';
import { readApiRoutes } from '@factory/read-service';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestApi, createTestDatabase, describeWith } from '@factory/testing';
import { writeApiRoutes } from '@factory/write-service';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';

// Rebuild under load: writers and readers go through the HTTP API while every projection is
// rebuilt. No read fails, and no page comes back empty or short; the rebuilt read models equal
// a replay of the log, and the lists hold what they held before plus the writes.
const LIMIT = 50;
const LISTS = ['/v1/estoque/movimentos', '/v1/estoque/saldos', '/v1/insumos'];

type Page = { dados: Array<Record<string, unknown>>; proximo_cursor: string | null };

describeWith(['postgres'], 'rebuild under HTTP load', () => {
  it('serves every read while every projection is rebuilt and swapped', async () => {
    const db = await createTestDatabase({ poolSize: 24 });
    const store = createPostgresEventStore({ pool: db.pool });
    const live = startProjector({
      pool: db.pool,
      eventStore: store,
      projections: PROJECTIONS,
      watermarkIntervalMs: 25,
    });
    const { app } = await createTestApi(db, {
      checkAnswers: true,
      routes: [...readApiRoutes({ pool: db.pool, windowSeconds: 0 }), ...writeApiRoutes({ pool: db.pool })],
      redisUrl: null,
      limits: { perToken: 1_000_000, perCompany: 1_000_000 },
    });
    const tenant = await createTenantFixture(db.pool, { escopos: ALL_SCOPES, now: new Date() });
    const headers = { authorization: `Bearer ${tenant.token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await app.inject({
        method,
        url,
        headers: payload
          ? { ...headers, 'idempotency-key': randomUUID(), 'content-type': 'application/json' }
          : headers,
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    // 1. A history: items through the catalog, movements in every location.
    const itens = Array.from({ length: 12 }, (_, i) => ({
      sku: `TEC-${i}`,
      nome: `Tecido ${i}`,
      unidade_compra: 'rolo',
      unidade_consumo: 'm',
      fator_conversao: 50,
    }));
    const insumos: string[] = (await call('POST', '/v1/insumos/lote', { itens })).resultados.map(
      (r: { id: string }) => r.id,
    );
    const locais = tenant.locais.map((l) => l.id);
    const written: string[] = [];
    const move = async (i: number) => {
      const body = await call('POST', '/v1/estoque/movimentos', {
        insumo_id: insumos[i % insumos.length],
        local_id: locais[i % locais.length],
        tipo: 'entrada_manual',
        quantidade: 1 + (i % 5),
        custo_unitario: 10 + (i % 7),
      });
      written.push(body.id);
    };
    for (let i = 0; i < 400; i++) await move(i);
    for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 30_000 });
    await expect
      .poll(async () => (await traverse(app, headers, LISTS[0]!)).length, { timeout: 20_000 })
      .toBe(400);
    const before = new Map<string, number>();
    for (const list of LISTS) before.set(list, (await traverse(app, headers, list)).length);

    // 2. Writers and readers through the API while every projection is rebuilt.
    let running = true;
    const failures: string[] = [];
    let reads = 0;
    const writers = Array.from({ length: 2 }, async (_, w) => {
      for (let i = 0; running; i++) await move(1000 * (w + 1) + i);
    });
    const readers = LISTS.map(async (list) => {
      while (running) {
        try {
          const pages = await pagesOf(app, headers, list);
          const rows = pages.reduce((n, p) => n + p.dados.length, 0);
          pages.forEach((page, i) => {
            if (page.dados.length === 0) failures.push(`${list}: empty page ${i}`);
            if (page.proximo_cursor !== null && page.dados.length < LIMIT)
              failures.push(`${list}: short page ${i} (${page.dados.length} rows)`);
          });
          // The ledger only grows. A balance or an item that moves gets a later atualizado_em
          // and may sit past the stabilisation cut for a moment: that is the lists' rule, with
          // or without a rebuild, so only the ledger's count is held to its earlier value.
          if (list === LISTS[0] && rows < before.get(list)!)
            failures.push(`${list}: ${rows} rows, fewer than the ${before.get(list)} before`);
          reads++;
        } catch (error) {
          failures.push(String(error));
        }
      }
    });
    const jobs = await startJobRunner({
      redisUrl: null,
      kinds: [rebuildJob({ databaseUrl: db.url, projections: PROJECTIONS, log: silentLog })],
      log: silentLog,
    });
    const follower = await followOpenRebuilds({ pool: db.pool, jobs, log: silentLog, everyMs: 100 });
    const rebuilds = await Promise.all(PROJECTIONS.map((p) => requestRebuild(db.pool, p.name)));
    try {
      await expect
        .poll(
          async () =>
            (await Promise.all(rebuilds.map((r) => readRebuild(db.pool, r.id)))).map((r) => r!.estado),
          {
            timeout: 120_000,
            interval: 100,
          },
        )
        .toEqual(rebuilds.map(() => 'concluida'));
      // Keep reading a moment on the new versions.
      const after = reads;
      await expect.poll(() => reads, { timeout: 30_000 }).toBeGreaterThan(after + LISTS.length);
    } finally {
      running = false;
      await Promise.all([...writers, ...readers]);
      await follower.close();
      await jobs.close();
    }
    expect(failures).toEqual([]);

    // 3. The new versions equal a replay of the log; the ledger is what it was plus the writes.
    for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 30_000 });
    expect(
      await verifyProjections({ pool: db.pool, eventStore: store, projections: PROJECTIONS }),
    ).toMatchObject({
      diferencas: 0,
    });
    await expect
      .poll(async () => (await traverse(app, headers, LISTS[0]!)).map((m) => m.id as string).sort(), {
        timeout: 20_000,
      })
      .toEqual([...written].sort());
    await live.close();
    await store.close();
  }, 240_000);
});

async function pagesOf(app: FastifyInstance, headers: Record<string, string>, list: string): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const url = `${list}?limite=${LIMIT}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    const page = res.json() as Page;
    pages.push(page);
    cursor = page.proximo_cursor;
  } while (cursor);
  return pages;
}

async function traverse(app: FastifyInstance, headers: Record<string, string>, list: string) {
  return (await pagesOf(app, headers, list)).flatMap((p) => p.dados);
}
