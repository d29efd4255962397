import { createPool, migrate } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import type { AuthContext } from '@factory/http';
import { findAuthRecordByHash, hashToken } from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import type { BenchContext } from './support/bench-context.js';
import { ratioLine } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';
import { load } from './support/load.js';

const SECONDS = 5;
const CONNECTIONS = 32;
const ROUNDS = 2; // alternate the two servers so drift of the machine hits both alike

/** The AuthContext the real authenticator gives this token, for the baseline's fixed caller. */
export async function callerOf(token: string, databaseUrl: string): Promise<AuthContext> {
  const pool = createPool(databaseUrl, { max: 1 });
  const record = await findAuthRecordByHash(pool, hashToken(token));
  await pool.end();
  if (!record) throw new Error('benchmark token not found');
  const { tokenId, prefixo, nome, escopos, expiraEm, empresa } = record;
  return { tokenId, prefixo, nome, escopos, expiraEm, empresa, limits: { perToken: 120, perCompany: 300 } };
}

/** GET /v1/eu with auth and rate limiting on, against the same platform and route with both off. */
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
  const bare = await startChildServer('test/bench/support/eu-server.ts', {
    BENCH_MODE: 'bare',
    BENCH_DATABASE_URL: ctx.databaseUrl,
    BENCH_CALLER: JSON.stringify(await callerOf(tenant.token, ctx.databaseUrl)),
  });
  try {
    const servers = { full: full.port, inProcess: local.port, bare: bare.port };
    for (const port of Object.values(servers))
      await load(`http://127.0.0.1:${port}/v1/eu`, { headers, seconds: 1, connections: CONNECTIONS }); // warm-up
    const sums = { full: 0, inProcess: 0, bare: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const line: string[] = [];
      for (const [name, port] of Object.entries(servers) as Array<[keyof typeof servers, number]>) {
        const r = await load(`http://127.0.0.1:${port}/v1/eu`, {
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
    ctx.log(
      `GET /v1/eu, ${CONNECTIONS} connections, ${ROUNDS}x${SECONDS}s each, Redis ${ctx.redisUrl ? 'on' : 'off'}`,
    );
    ctx.log(`  auth + Redis rate limits:      ${sums.full.toFixed(0)} req/s`);
    ctx.log(`  auth + in-process rate limits: ${sums.inProcess.toFixed(0)} req/s`);
    ctx.log(`  bare Fastify route:            ${sums.bare.toFixed(0)} req/s`);
    ctx.log(ratioLine('ratio full / bare (target >= 0.92)', sums.full, sums.bare));
    ctx.log(ratioLine('ratio in-process limits / bare', sums.inProcess, sums.bare));
  } finally {
    await local.stop();
    await full.stop();
    await bare.stop();
  }
}
