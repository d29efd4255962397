import { randomBytes } from 'node:crypto';
import { createPool, migrate } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture } from '@factory/tenants/testing';
import { type BenchContext, ratioLine } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';
import { load } from './support/load.js';

/**
 * GET /v1/estoque/posicao?limite=200 at 1M movements against GET /v1/estoque/saldos?limite=200
 * in the same run, through the standalone read API in a child process. The ledger and the
 * balances are loaded set-based (800k movements of one company over 10,000 item-location pairs,
 * the rest spread over other companies), as the projection would leave them. Target (issue 11):
 * a ratio of at least 0.5. Nothing is asserted.
 */
const MOVEMENTS = 1_000_000;
const SECONDS = 5;
const ROUNDS = 2;
const CONNECTIONS = 16;

export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 2, name: 'bench-position' });
  let tenant: Awaited<ReturnType<typeof createTenantFixture>>;
  try {
    await migrate(pool);
    tenant = await createTenantFixture(pool, { escopos: [...ALL_SCOPES] });
    const started = performance.now();
    await pool.query(
      `INSERT INTO estoque_movimentos (empresa_id, id, insumo_id, local_id, tipo, quantidade, unidade, custo_unitario,
                                       custo_unitario_bruto, origem, criado_em, saldo_apos, custo_medio_apos, revisao)
       SELECT CASE WHEN g % 10 < 8 THEN $1::uuid ELSE gen_random_uuid() END, gen_random_uuid(),
              ('00000000-0000-4000-8000-' || lpad((g % 2000)::text, 12, '0'))::uuid,
              ('00000000-0000-4000-9000-' || lpad(((g / 2000) % 5)::text, 12, '0'))::uuid,
              'ajuste', 1, 'un', 1, 1, 'api', timestamptz '2024-01-01' + g * interval '20 seconds', g, 1, g
         FROM generate_series(1, $2::int) AS g`,
      [tenant.empresaId, MOVEMENTS],
    );
    await pool.query(
      `INSERT INTO estoque_saldos (empresa_id, insumo_id, local_id, saldo, unidade, custo_medio, custo_medio_bruto, valor, atualizado_em)
       SELECT empresa_id, insumo_id, local_id, 1, 'un', 1, 1, 1, max(criado_em) FROM estoque_movimentos GROUP BY 1, 2, 3`,
    );
    await pool.query(`INSERT INTO projection_checkpoints (name, watermark) VALUES ('estoque', now())
                      ON CONFLICT (name) DO UPDATE SET watermark = now()`);
    await pool.query('VACUUM ANALYZE estoque_movimentos');
    await pool.query('VACUUM ANALYZE estoque_saldos');
    ctx.log(
      `  loaded ${MOVEMENTS} movements set-based in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await pool.end();
  }
  const server = await startChildServer('apps/read-api/src/main.ts', {
    DATABASE_URL: ctx.databaseUrl,
    REDIS_URL: ctx.redisUrl ?? '',
    CURSOR_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    PORT: '0',
    RATE_LIMIT_PER_TOKEN: '10000000',
    RATE_LIMIT_PER_COMPANY: '10000000',
  });
  const headers = { authorization: `Bearer ${tenant.token}` };
  const urls = {
    posicao: `http://127.0.0.1:${server.port}/v1/estoque/posicao?limite=200`,
    saldos: `http://127.0.0.1:${server.port}/v1/estoque/saldos?limite=200`,
  };
  try {
    for (const url of Object.values(urls)) await load(url, { headers, seconds: 2, connections: CONNECTIONS });
    const sums = { posicao: 0, saldos: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['posicao', 'saldos'] as const) : (['saldos', 'posicao'] as const);
      const line: string[] = [];
      for (const name of order) {
        const r = await load(urls[name], { headers, seconds: SECONDS, connections: CONNECTIONS });
        if (r.non2xx > 0) throw new Error(`${urls[name]}: ${r.non2xx} answers not 2xx`);
        sums[name] += r.requestsPerSecond / ROUNDS;
        line.push(`${name} ${r.requestsPerSecond.toFixed(0)}/s (p99 ${r.p99Ms} ms)`);
      }
      ctx.log(`  round ${round + 1}: ${line.join(', ')}`);
    }
    ctx.log(
      `stock position at ${MOVEMENTS} movements, ${CONNECTIONS} connections, ${ROUNDS}x${SECONDS}s each`,
    );
    ctx.log(`  GET /v1/estoque/posicao?limite=200: ${sums.posicao.toFixed(0)}/s`);
    ctx.log(`  GET /v1/estoque/saldos?limite=200: ${sums.saldos.toFixed(0)}/s`);
    ctx.log(ratioLine('ratio posicao / saldos (target >= 0.50)', sums.posicao, sums.saldos));
  } finally {
    await server.stop();
  }
}
