import { randomBytes } from 'node:crypto';
import { platformRoutes, presentProduto } from '@factory/api';
import { createPool, migrate, type Pool } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import { CursorCodec, createApiService } from '@factory/http';
import { CATALOG_CHECKPOINT, type CatalogKeyset, listProducts } from '@factory/read-models';
import { readApiRoutes } from '@factory/read-service';
import { createTenantFixture } from '@factory/tenants/testing';
import Fastify from 'fastify';
import type { BenchContext } from './support/bench-context.js';
import { ratioLine } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';
import { load } from './support/load.js';

/**
 * GET /v1/produtos?limite=200 on a 20k-product catalog: the read API (auth, Redis or in-process
 * rate limits, query parsing, signed cursors, request ids) against a bare Fastify route running
 * the same SQL and serialising the same JSON, each in its own process, alternating rounds.
 * Figures are printed, never asserted.
 */
const PRODUCTS = 20_000;
const SECONDS = 5;
const ROUNDS = 4;
const CONNECTIONS = 16;
const POOL_SIZE = 8;
const SELF = 'test/bench/products-list.bench.ts';
const URL_PATH = '/v1/produtos?limite=200';

export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 2, name: 'bench-products' });
  let tenant: Awaited<ReturnType<typeof createTenantFixture>>;
  try {
    await migrate(pool);
    tenant = await createTenantFixture(pool, { escopos: [...ALL_SCOPES] });
    const started = performance.now();
    await loadCatalog(pool, tenant.empresaId);
    ctx.log(
      `  loaded ${PRODUCTS} products set-based in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await pool.end();
  }
  const env = { BENCH_DATABASE_URL: ctx.databaseUrl, BENCH_EMPRESA: tenant.empresaId };
  const ours = await startChildServer(SELF, {
    ...env,
    PRODUCTS_BENCH_ROLE: 'ours',
    BENCH_REDIS_URL: ctx.redisUrl ?? '',
  });
  const bare = await startChildServer(SELF, { ...env, PRODUCTS_BENCH_ROLE: 'bare' });
  const headers = { authorization: `Bearer ${tenant.token}` };
  try {
    const servers = { ours: ours.port, bare: bare.port };
    for (const port of Object.values(servers))
      await load(`http://127.0.0.1:${port}${URL_PATH}`, { headers, seconds: 2, connections: CONNECTIONS }); // warm-up
    const sums = { ours: 0, bare: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const line: string[] = [];
      // Alternate which goes first, so drift of the machine hits both alike.
      const order = round % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
      for (const name of order) {
        const r = await load(`http://127.0.0.1:${servers[name]}${URL_PATH}`, {
          headers,
          seconds: SECONDS,
          connections: CONNECTIONS,
        });
        if (r.non2xx > 0) throw new Error(`${r.non2xx} non-2xx answers from the ${name} server`);
        sums[name] += r.requestsPerSecond / ROUNDS;
        line.push(`${name} ${r.requestsPerSecond.toFixed(0)} req/s (p99 ${r.p99Ms} ms)`);
      }
      ctx.log(`  round ${round + 1}: ${line.join(', ')}`);
    }
    const redis = ctx.redisUrl ? 'Redis' : 'in-process';
    ctx.log(`GET ${URL_PATH}, ${PRODUCTS} products, ${CONNECTIONS} connections, ${ROUNDS}x${SECONDS}s each`);
    ctx.log(`  read API (auth + ${redis} rate limits): ${sums.ours.toFixed(0)} req/s`);
    ctx.log(`  bare Fastify + pg, same SQL and JSON:   ${sums.bare.toFixed(0)} req/s`);
    ctx.log(ratioLine('ratio read API / bare (target >= 0.90)', sums.ours, sums.bare));
  } finally {
    await ours.stop();
    await bare.stop();
  }
}

/**
 * The read model as the projector leaves it, written set-based: 20k products of one company
 * (and 2k of another) with attributes, aliases, variations and costs, all changed long ago, and
 * a watermark at the head, so the first page is full.
 */
async function loadCatalog(pool: Pool, empresaId: string): Promise<void> {
  const instant = `timestamptz '2025-01-01' + g * interval '13 minutes'`;
  await pool.query(
    `INSERT INTO catalogo_produtos (empresa_id, id, sku, nome, familia, atributos, ean, ncm, status, tipo, apelidos,
            peso_kg, peso_cubado_kg, largura_cm, altura_cm, comprimento_cm, ipi_pct, icms_pct, importado,
            variacao_grupo_id, variacao_base, variacao_eixos, custo_manual, tem_ficha, custo_ficha,
            custo_ficha_bruto, custo_exato, custo_exato_bruto, criado_em, atualizado_em)
     SELECT CASE WHEN g <= $2 THEN $1::uuid ELSE gen_random_uuid() END, gen_random_uuid(), 'SKU-' || g,
            'Camiseta básica modelo ' || g, 'familia-' || (g % 30),
            jsonb_build_object('cor', (ARRAY['azul','preto','branco'])[1 + g % 3], 'tamanho', (ARRAY['P','M','G'])[1 + g % 3]),
            '789' || lpad(g::text, 10, '0'), '61091000', CASE WHEN g % 9 = 0 THEN 'inativo' ELSE 'ativo' END,
            CASE WHEN g % 11 = 0 THEN 'kit' ELSE 'produto' END, ARRAY['ML-' || g, 'AMZ-' || g],
            0.25, 0.3, 20, 2.5, 30, 0.05, 0.18, g % 5 = 0,
            CASE WHEN g % 3 = 0 THEN gen_random_uuid() END, CASE WHEN g % 3 = 0 THEN g % 2 = 0 END,
            CASE WHEN g % 3 = 0 THEN ARRAY['cor', 'tamanho'] END,
            CASE WHEN g % 4 = 0 THEN 12.5 END, g % 4 <> 0, CASE WHEN g % 4 <> 0 THEN 23.46 END,
            CASE WHEN g % 4 <> 0 THEN 25.1 END, CASE WHEN g % 4 <> 0 THEN 23.4567 END,
            CASE WHEN g % 4 <> 0 THEN 25.0999 END, ${instant}, ${instant}
       FROM generate_series(1, $2 + 2000) AS g`,
    [empresaId, PRODUCTS],
  );
  await pool.query(
    `INSERT INTO projection_checkpoints (name, watermark) VALUES ($1, now() + interval '1 day')
     ON CONFLICT (name) DO UPDATE SET watermark = excluded.watermark`,
    [CATALOG_CHECKPOINT],
  );
  await pool.query('ANALYZE catalogo_produtos');
}

// ---- As a child process: one of the two servers, printing PORT=<n> once it listens. ----

async function serveOurs(databaseUrl: string, redisUrl: string): Promise<number> {
  const pool = createPool(databaseUrl, { max: POOL_SIZE, name: 'bench-read-api' });
  const { app } = await createApiService({
    pool,
    platformRoutes,
    databaseUrl,
    redisUrl: redisUrl || undefined,
    // benchmark-only override: the load must measure the limiter's cost, not its refusals
    limits: { perToken: 100_000_000, perCompany: 100_000_000 },
    cursorSecret: randomBytes(32).toString('hex'),
    routes: readApiRoutes({ pool }),
    logLevel: 'warn', // request logs are a production choice, not the read path's cost
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

/** The same query (listProducts: the page SQL with its window cut), the same presentation, no platform. */
async function serveBare(databaseUrl: string, empresaId: string): Promise<number> {
  const pool = createPool(databaseUrl, { max: POOL_SIZE, name: 'bench-bare' });
  const cursors = new CursorCodec(randomBytes(32).toString('hex'));
  const app = Fastify({ logger: false });
  app.get('/v1/produtos', async () => {
    const rows = await listProducts(pool, {
      empresaId,
      filters: { incluirExcluidos: false },
      window: { now: new Date(), windowSeconds: 30 },
      after: null,
      limit: 201,
    });
    const page = rows.slice(0, 200);
    const last = page.at(-1)!;
    const keyset: CatalogKeyset = [last.atualizado_em, last.id];
    return {
      dados: page.map((row) => presentProduto(row)),
      proximo_cursor:
        rows.length > 200
          ? cursors.encode({ list: 'produtos', empresa: empresaId, filters: {} }, keyset)
          : null,
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

const role = process.env.PRODUCTS_BENCH_ROLE;
if (role === 'ours' || role === 'bare') {
  const databaseUrl = process.env.BENCH_DATABASE_URL!;
  const port =
    role === 'ours'
      ? await serveOurs(databaseUrl, process.env.BENCH_REDIS_URL ?? '')
      : await serveBare(databaseUrl, process.env.BENCH_EMPRESA!);
  console.log(`PORT=${port}`);
  process.once('SIGTERM', () => process.exit(0));
}
