import { createPool, migrate } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture } from '@factory/tenants';
import type { BenchContext } from './support/bench-context.js';
import { ratioLine } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';
import { load } from './support/load.js';

const SECONDS = 5;
const CONNECTIONS = 32;
const ROUNDS = 2; // alternate the two servers so drift of the machine hits both alike

/** GET /v1/eu with auth and rate limiting on, against the same route with both off. */
export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 2 });
  await migrate(pool);
  const tenant = await createTenantFixture(pool, { escopos: [...ALL_SCOPES] });
  await pool.end();
  const headers = { authorization: `Bearer ${tenant.token}` };

  const full = await startChildServer('test/bench/support/eu-server.ts', {
    BENCH_MODE: 'full',
    BENCH_DATABASE_URL: ctx.databaseUrl,
    BENCH_REDIS_URL: ctx.redisUrl ?? '',
  });
  // auth on, limits counted in this process only: shows what the Redis round trip costs
  const local = await startChildServer('test/bench/support/eu-server.ts', {
    BENCH_MODE: 'full',
    BENCH_DATABASE_URL: ctx.databaseUrl,
    BENCH_REDIS_URL: '',
  });
  const body = await (await fetch(`http://127.0.0.1:${full.port}/v1/eu`, { headers })).text();
  const bare = await startChildServer('test/bench/support/eu-server.ts', {
    BENCH_MODE: 'bare',
    BENCH_EU_BODY: body,
  });
  try {
    await load(`http://127.0.0.1:${full.port}/v1/eu`, { headers, seconds: 1, connections: CONNECTIONS }); // warm-up
    await load(`http://127.0.0.1:${bare.port}/v1/eu`, { headers, seconds: 1, connections: CONNECTIONS });
    let ours = 0;
    let baseline = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const f = await load(`http://127.0.0.1:${full.port}/v1/eu`, {
        headers,
        seconds: SECONDS,
        connections: CONNECTIONS,
      });
      const b = await load(`http://127.0.0.1:${bare.port}/v1/eu`, {
        headers,
        seconds: SECONDS,
        connections: CONNECTIONS,
      });
      if (f.non2xx > 0) throw new Error(`${f.non2xx} non-2xx answers from the full server`);
      ours += f.requestsPerSecond / ROUNDS;
      baseline += b.requestsPerSecond / ROUNDS;
      ctx.log(
        `  round ${round + 1}: full ${f.requestsPerSecond.toFixed(0)} req/s (p99 ${f.p99Ms} ms), bare ${b.requestsPerSecond.toFixed(0)} req/s (p99 ${b.p99Ms} ms)`,
      );
    }
    ctx.log(
      `GET /v1/eu, ${CONNECTIONS} connections, ${ROUNDS}x${SECONDS}s each, Redis ${ctx.redisUrl ? 'on' : 'off (in-process limits)'}`,
    );
    ctx.log(`  with auth + rate limits: ${ours.toFixed(0)} req/s`);
    ctx.log(`  with auth + in-process limits: ${inProcess.toFixed(0)} req/s`);
    ctx.log(`  bare Fastify route:      ${baseline.toFixed(0)} req/s`);
    ctx.log(`${ratioLine('ratio full / bare (target >= 0.92)', ours, baseline)}`);
    ctx.log(`${ratioLine('ratio in-process limits / bare', inProcess, baseline)}`);
  } finally {
    await local.stop();
    await full.stop();
    await bare.stop();
  }
}
