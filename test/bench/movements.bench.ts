import { randomUUID } from 'node:crypto';
import { createPool, migrate, type Pool } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import { createPostgresEventStore } from '@factory/event-store';
import { createTenantFixture } from '@factory/tenants/testing';
import { defineSupplyItem } from '@factory/write-model/testing';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { type BenchContext, ratioLine } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';
import { appendsAlone, movementData } from './support/event-store-loops.js';
import { builtMain, imageNodeOptions } from './support/image-process.js';
import { peakRssMb } from './support/process-stats.js';

/**
 * Accepted stock movements per second through the real write path (HTTP into the standalone
 * write API, apps/write-api built and run as the image runs it, in a child process: auth, rate limits, idempotency
 * key claims shared by concurrent requests, decision from the item state kept in memory, one
 * statement per group of requests appending their events with index rows and keys' answers) against
 * a raw single-row INSERT into a copy of the events table, at the same concurrency, in the same
 * run. The raw INSERT is measured twice: from a pool in this process (the floor of a durable
 * append) and behind a bare Fastify route in a child process (the same INSERT paying the same
 * HTTP cost as ours, with a pool of the same size as the write API's). The event store's own
 * append (appendToStream, one event, in-process: one statement, its own commit) is measured
 * too. Both servers get one connection per concurrent request: a smaller pool queues requests
 * in the process. Nothing is asserted.
 */
const SECONDS = 5;
const CONCURRENCY = 32;
const ROUNDS = 2; // alternate the contenders so drift of the machine hits all alike
const ITEMS = 256;
const WARM_UP_SECONDS = 2;

export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: CONCURRENCY + 2, name: 'bench-movements' });
  await migrate(pool);
  await pool.query('CREATE TABLE raw_events (LIKE events INCLUDING ALL)');
  const tenant = await createTenantFixture(pool, { escopos: [...ALL_SCOPES] });
  const items = Array.from({ length: ITEMS }, () => randomUUID());
  for (const insumoId of items)
    await defineSupplyItem(pool, {
      empresaId: tenant.empresaId,
      insumoId,
      sku: `B-${insumoId.slice(0, 8)}`,
      unidadeCompra: 'cx',
      unidadeConsumo: 'un',
      fatorConversao: '12',
      custoReferencia: '1.5',
      now: new Date(),
    });

  const env = {
    DATABASE_URL: ctx.databaseUrl,
    REDIS_URL: ctx.redisUrl ?? '',
    // Request logs (info) are a production choice, not the write path's cost.
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: String(CONCURRENCY),
  };
  const body = () =>
    JSON.stringify({
      insumo_id: items[Math.floor(Math.random() * ITEMS)],
      local_id: tenant.locais[0]!.id,
      tipo: 'entrada_manual',
      quantidade: 1 + Math.floor(Math.random() * 10),
      custo_unitario: 2.5,
    });
  const headers = { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' };
  // A server runs only while it is measured, after a warm-up of its own (JIT, pool, prepared
  // statements): with one connection per concurrent request each, the two servers' pools beside
  // the bench's own would crowd the database server's max_connections (100 by default).
  const peakRss = new Map<string, number>();
  const served = (script: string, childEnv: Record<string, string>, path: string) => async (t: number) => {
    const server = await startChildServer(script, { ...env, ...childEnv });
    const url = `http://127.0.0.1:${server.port}${path}`;
    try {
      await drive(url, headers, body, WARM_UP_SECONDS);
      const rate = await drive(url, headers, body, t);
      peakRss.set(script, Math.max(peakRss.get(script) ?? 0, server.peakRssMb()));
      return rate;
    } finally {
      await server.stop();
    }
  };
  const store = createPostgresEventStore({ pool, listen: null });
  const contenders: Array<[label: string, measure: (seconds: number) => Promise<number>]> = [
    [
      'POST /v1/estoque/movimentos (accepted)',
      served(
        // As the image runs it: built, on plain Node, with the image's NODE_OPTIONS (its heap limit).
        await builtMain('@factory/write-api'),
        // benchmark-only override: the load must measure the write path, not the limiter's refusals
        {
          PORT: '0',
          RATE_LIMIT_PER_TOKEN: '10000000',
          RATE_LIMIT_PER_COMPANY: '10000000',
          NODE_OPTIONS: imageNodeOptions('write-api'),
        },
        '/v1/estoque/movimentos',
      ),
    ],
    ['raw single-row INSERT, pool in-process', (t) => rawInserts(pool, t)],
    [
      'raw single-row INSERT, bare HTTP route',
      served('test/bench/movements.bench.ts', { MOVEMENTS_BENCH_ROLE: 'bare-insert' }, '/raw'),
    ],
    ['event store appendToStream, in-process', (t) => appendsAlone(store, t, CONCURRENCY)],
  ];
  try {
    // warm-up of the in-process contenders (JIT, pool); the servers warm up each time they start
    await rawInserts(pool, WARM_UP_SECONDS);
    await appendsAlone(store, WARM_UP_SECONDS, CONCURRENCY);
    const means = contenders.map(() => 0);
    for (let round = 0; round < ROUNDS; round++) {
      const rates: number[] = [];
      for (const [i, [, measure]] of contenders.entries()) {
        rates.push(await measure(SECONDS));
        means[i]! += rates[i]! / ROUNDS;
      }
      ctx.log(`  round ${round + 1}: ${rates.map((r) => r.toFixed(0)).join(' / ')} per second`);
    }
    const redis = ctx.redisUrl ? 'on' : 'off';
    ctx.log(
      `stock movements, ${CONCURRENCY} concurrent, ${ROUNDS}x${SECONDS}s each, ${ITEMS} items, Redis ${redis}`,
    );
    for (const [i, [label]] of contenders.entries()) ctx.log(`  ${label}: ${means[i]!.toFixed(0)}/s`);
    const [ours, raw, bareHttp, append] = means as [number, number, number, number];
    ctx.log(ratioLine('ratio write path / raw INSERT (target >= 0.70)', ours, raw));
    ctx.log(ratioLine('ratio write path / bare HTTP INSERT', ours, bareHttp));
    ctx.log(ratioLine('ratio write path / event store append alone', ours, append));
    for (const [script, mb] of peakRss) ctx.log(`  peak RSS of ${script}: ${mb} MB`);
    ctx.log(
      `  peak RSS of this bench process (load generator, in-process contenders): ${peakRssMb(process.pid)} MB`,
    );
  } finally {
    await store.close();
    await pool.end();
  }
}

/** POSTs a fresh body under a fresh Idempotency-Key per request; 201s per second. */
export async function drive(
  url: string,
  headers: Record<string, string>,
  body: () => string,
  seconds: number,
) {
  const result = await autocannon({
    url,
    connections: CONCURRENCY,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { ...headers, 'idempotency-key': randomUUID() },
          body: body(),
        }),
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} requests refused`);
  return (result.statusCodeStats?.['201']?.count ?? 0) / seconds;
}

/** CONCURRENCY loops of one autocommitted INSERT each, for `seconds`; rows per second. */
async function rawInserts(pool: Pool, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let rows = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const stream = `raw-${randomUUID()}`;
      for (let revision = 0; performance.now() < until; revision++) {
        await insertRaw(pool, stream, revision);
        rows++;
      }
    }),
  );
  return rows / seconds;
}

/** One autocommitted INSERT of a movement's event into the copy of the events table. */
function insertRaw(pool: Pool, stream: string, revision: number) {
  const data = movementData();
  return pool.query(
    `INSERT INTO raw_events (stream_id, stream_revision, event_id, type, data, metadata, created)
     VALUES ($1, $2, $3, 'MovimentoRegistrado.v1', $4, $5, now())`,
    [stream, revision, data.movimento_id, data, { empresa_id: randomUUID(), token_id: randomUUID() }],
  );
}

// As a child process: the bare route, one pooled INSERT per request, no auth, no checks.
if (process.env.MOVEMENTS_BENCH_ROLE === 'bare-insert') {
  const pool = createPool(process.env.DATABASE_URL!, {
    name: 'bench-bare-insert',
    max: Number(process.env.DATABASE_POOL_SIZE), // the write API's pool size
  });
  const app = Fastify({ logger: false });
  let revision = 0;
  const stream = `bare-${randomUUID()}`;
  app.post('/raw', async (_request, reply) => {
    await insertRaw(pool, stream, revision++);
    return reply.code(201).send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.error(`listening on port ${(app.server.address() as { port: number }).port}`);
  process.once('SIGTERM', () => process.exit(0));
}
