import { randomUUID } from 'node:crypto';
import { createPool, migrate } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture } from '@factory/tenants/testing';
import autocannon from 'autocannon';
import { type BenchContext, ratioLine } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';

/**
 * Production records per second through the real write path (HTTP into the standalone write
 * API in a child process), each record a 3-level bill exploding into 20 supply items, so 20
 * baixa_producao movements and the record's event in one append; against single stock movements
 * per second in the same run, at the same concurrency. Target (issue 11): records/s at least
 * 0.5 × movements/s ÷ 20. Nothing is asserted.
 */
const SECONDS = 5;
const CONCURRENCY = 16;
const ROUNDS = 2;
const WARM_UP_SECONDS = 2;
const ITEMS = 20;

export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 4, name: 'bench-production' });
  await migrate(pool);
  const tenant = await createTenantFixture(pool, { escopos: [...ALL_SCOPES] });
  await pool.end();
  const server = await startChildServer('apps/write-api/src/main.ts', {
    DATABASE_URL: ctx.databaseUrl,
    REDIS_URL: ctx.redisUrl ?? '',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: String(CONCURRENCY),
    PORT: '0',
    // benchmark-only override: the load must measure the write path, not the limiter's refusals
    RATE_LIMIT_PER_TOKEN: '10000000',
    RATE_LIMIT_PER_COMPANY: '10000000',
  });
  const base = `http://127.0.0.1:${server.port}`;
  const headers = { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' };
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { resultados: Array<{ id: string }> };
  };
  try {
    const local = tenant.locais[1]!.id;
    const lote = async (recurso: string, itens: unknown[]) =>
      (await send('POST', `/v1/${recurso}/lote`, { itens })).resultados.map((r) => r.id);
    const items = await lote(
      'insumos',
      Array.from({ length: ITEMS }, (_, i) => ({
        sku: `BI-${i}`,
        nome: `Insumo ${i}`,
        unidade_compra: 'cx',
        unidade_consumo: 'un',
        fator_conversao: 10,
      })),
    );
    const [l1, l2, l3, l4, m1, m2, top] = await lote(
      'produtos',
      ['L1', 'L2', 'L3', 'L4', 'M1', 'M2', 'T'].map((sku) => ({ sku: `BP-${sku}`, nome: sku })),
    );
    // Level 3: four leaves of 5 items each; level 2: two halves of 2 leaves; level 1: the product.
    for (const [i, leaf] of [l1, l2, l3, l4].entries())
      await send('PUT', `/v1/fichas/${leaf}`, {
        linhas: items
          .slice(i * 5, i * 5 + 5)
          .map((insumo_id) => ({ tipo: 'insumo', insumo_id, consumo: 0.5 })),
      });
    for (const [half, leaves] of [
      [m1, [l1, l2]],
      [m2, [l3, l4]],
    ] as const)
      await send('PUT', `/v1/fichas/${half}`, {
        linhas: leaves.map((componente_id) => ({ tipo: 'produto', componente_id, consumo: 1 })),
      });
    await send('PUT', `/v1/fichas/${top}`, {
      linhas: [m1, m2].map((componente_id) => ({
        tipo: 'produto',
        componente_id,
        consumo: 1,
        perda_pct: 0.02,
      })),
    });
    for (const insumo_id of items)
      await send('POST', '/v1/estoque/movimentos', {
        insumo_id,
        local_id: local,
        tipo: 'entrada_manual',
        quantidade: 1e6,
        custo_unitario: 2,
      });

    const record = () => JSON.stringify({ produto_id: top, quantidade: 1, local_id: local });
    const movement = () =>
      JSON.stringify({
        insumo_id: items[Math.floor(Math.random() * ITEMS)],
        local_id: local,
        tipo: 'entrada_manual',
        quantidade: 1,
        custo_unitario: 2,
      });
    const contenders: Array<[string, () => Promise<number>]> = [
      [
        'POST /v1/producao/apontamentos (20 movements each)',
        () => drive(`${base}/v1/producao/apontamentos`, headers, record, SECONDS),
      ],
      [
        'POST /v1/estoque/movimentos',
        () => drive(`${base}/v1/estoque/movimentos`, headers, movement, SECONDS),
      ],
    ];
    await drive(`${base}/v1/producao/apontamentos`, headers, record, WARM_UP_SECONDS);
    await drive(`${base}/v1/estoque/movimentos`, headers, movement, WARM_UP_SECONDS);
    const means = contenders.map(() => 0);
    for (let round = 0; round < ROUNDS; round++) {
      const rates: number[] = [];
      for (const [i, [, measure]] of contenders.entries()) {
        rates.push(await measure());
        means[i]! += rates[i]! / ROUNDS;
      }
      ctx.log(`  round ${round + 1}: ${rates.map((r) => r.toFixed(1)).join(' / ')} per second`);
    }
    ctx.log(
      `production records, ${CONCURRENCY} concurrent, ${ROUNDS}x${SECONDS}s each, 3-level bill of ${ITEMS} items`,
    );
    for (const [i, [label]] of contenders.entries()) ctx.log(`  ${label}: ${means[i]!.toFixed(1)}/s`);
    const [records, movements] = means as [number, number];
    ctx.log(ratioLine('ratio records / (movements ÷ 20) (target >= 0.50)', records, movements / ITEMS));
    ctx.log(ratioLine('ratio movements posted by records / single movements', records * ITEMS, movements));
  } finally {
    await server.stop();
  }
}

/** POSTs a fresh body under a fresh Idempotency-Key per request; 201s per second. */
async function drive(url: string, headers: Record<string, string>, body: () => string, seconds: number) {
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
