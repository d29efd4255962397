import { randomUUID } from 'node:crypto';
import { createPool, migrate } from '@factory/database';
import { ALL_SCOPES, cnpjCheckDigits } from '@factory/domain';
import { generateNfe } from '@factory/nfe';
import { createTenantFixture } from '@factory/tenants/testing';
import { createCatalogWriteModel, createPurchasesWriteModel } from '@factory/write-model';
import autocannon from 'autocannon';
import { type BenchContext, ratioLine } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';

/**
 * Receipts of a 50-item supplier invoice per second (issue 19 §7), through the real write path
 * (HTTP into the standalone write API, apps/write-api/src/main.ts, in a child process: auth,
 * idempotency, the NF-e parsed and checked, one atomic append of the Nota, its 50 `entrada_nfe`
 * movements and the links' and order's streams), against 50 single stock movements (POST
 * /v1/estoque/movimentos, one item each) in the same run, on the same server, at the same
 * concurrency, rounds alternated. The ratio printed is receipts/s ÷ (movements/s ÷ 50): how
 * a receipt compares with typing its 50 items one by one (target at least 0.5). Nothing is
 * asserted.
 *
 * Each of SUPPLIERS suppliers sells its own 50 supply items, linked beforehand (the steady
 * state: codes already learned), and receipt n comes from supplier n mod SUPPLIERS, so the
 * CONCURRENCY receipts in flight touch distinct stock streams, as invoices of different
 * suppliers do; the movements pick any of the same items. `NFE_RECEIPTS_BENCH_SECONDS` shortens
 * a round (a smoke run).
 */
const SECONDS = Number(process.env.NFE_RECEIPTS_BENCH_SECONDS ?? 10);
const CONCURRENCY = 8;
const ROUNDS = 2;
const WARM_UP_SECONDS = 2;
const ITEMS_PER_INVOICE = 50;
const SUPPLIERS = 16;
const COMPANY_CNPJ = '58716523000119';

export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 16, name: 'bench-nfe-receipts' });
  await migrate(pool);
  const tenant = await createTenantFixture(pool, {
    escopos: [...ALL_SCOPES],
    cnpj: COMPANY_CNPJ,
    regimeTributario: 'real',
    contribuinteIpi: true,
  });
  const localId = tenant.locais[0]!.id;
  const suppliers = await defineSuppliers(pool, tenant.empresaId);
  await pool.end();

  const server = await startChildServer('apps/write-api/src/main.ts', {
    DATABASE_URL: ctx.databaseUrl,
    REDIS_URL: ctx.redisUrl ?? '',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: String(CONCURRENCY * 2),
    PORT: '0',
    // benchmark-only override: the load must measure the write path, not the limiter's refusals
    RATE_LIMIT_PER_TOKEN: '10000000',
    RATE_LIMIT_PER_COMPANY: '10000000',
  });
  const base = `http://127.0.0.1:${server.port}`;
  const headers = { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' };
  const items = suppliers.flatMap((s) => s.insumos);
  let invoices = 0;
  const receipt = () => {
    const n = invoices++;
    const supplier = suppliers[n % SUPPLIERS]!;
    const { xml } = generateNfe({
      emitente: { cnpj: supplier.cnpj, crt: 3 },
      destinatarioCnpj: COMPANY_CNPJ,
      numero: n + 1,
      emitidaEm: '2026-03-02T10:00:00-03:00',
      enxuto: true,
      itens: supplier.insumos.map((_, i) => ({
        cProd: `C${i + 1}`,
        xProd: `Insumo ${i + 1}`,
        uCom: 'cx',
        qCom: String(1 + ((n + i) % 9)),
        vUnCom: '18.5000',
        vFrete: '0.80',
        icms: { vICMS: '2.10' },
        vIPI: '0.95',
      })),
    });
    return JSON.stringify({ xml, local_id: localId });
  };
  const movement = () =>
    JSON.stringify({
      insumo_id: items[Math.floor(Math.random() * items.length)],
      local_id: localId,
      tipo: 'entrada_manual',
      quantidade: 1 + Math.floor(Math.random() * 10),
      custo_unitario: 2.5,
    });
  const contenders: Array<[label: string, measure: (seconds: number) => Promise<number>]> = [
    [
      `POST /v1/compras/recebimentos (${ITEMS_PER_INVOICE}-item invoices)`,
      (t) => drive(`${base}/v1/compras/recebimentos`, headers, receipt, t),
    ],
    ['POST /v1/estoque/movimentos', (t) => drive(`${base}/v1/estoque/movimentos`, headers, movement, t)],
  ];
  try {
    for (const [, measure] of contenders) await measure(WARM_UP_SECONDS);
    const means = contenders.map(() => 0);
    for (let round = 0; round < ROUNDS; round++) {
      const rates: number[] = [];
      // Alternated order, so a drift of the shared machine does not favour one of them.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) rates[i] = await contenders[i]![1](SECONDS);
      for (const [i, rate] of rates.entries()) means[i]! += rate / ROUNDS;
      ctx.log(`  round ${round + 1}: ${rates.map((r) => r.toFixed(1)).join(' / ')} per second`);
    }
    const [receipts, movements] = means as [number, number];
    ctx.log(
      `NF-e receipts, ${CONCURRENCY} concurrent, ${ROUNDS}x${SECONDS}s each, ${SUPPLIERS} suppliers of ${ITEMS_PER_INVOICE} items, Redis ${ctx.redisUrl ? 'on' : 'off'}`,
    );
    for (const [i, [label]] of contenders.entries()) ctx.log(`  ${label}: ${means[i]!.toFixed(1)}/s`);
    ctx.log(`  movements of those receipts: ${(receipts * ITEMS_PER_INVOICE).toFixed(0)}/s`);
    ctx.log(
      ratioLine(
        `ratio receipts / (single movements / ${ITEMS_PER_INVOICE}) (target >= 0.5)`,
        receipts,
        movements / ITEMS_PER_INVOICE,
      ),
    );
  } finally {
    await server.stop();
  }
}

interface BenchSupplier {
  id: string;
  cnpj: string;
  insumos: string[];
}

/** SUPPLIERS suppliers, each with ITEMS_PER_INVOICE supply items linked by codes C1..C50. */
async function defineSuppliers(
  pool: ReturnType<typeof createPool>,
  empresaId: string,
): Promise<BenchSupplier[]> {
  const catalog = createCatalogWriteModel({ pool });
  const purchases = createPurchasesWriteModel({ pool });
  const context = () => ({
    empresaId,
    tokenId: null,
    requestId: null,
    idempotencyKey: null,
    now: new Date(),
    canReadCosts: true,
  });
  const saved = (outcome: { ok: true; id: string } | { ok: false; error: unknown }) => {
    if (!outcome.ok) throw new Error(`bench setup refused: ${JSON.stringify(outcome.error)}`);
    return outcome.id;
  };
  return Promise.all(
    Array.from({ length: SUPPLIERS }, async (_, s) => {
      const base = `${String(20_000_000 + s)}0001`;
      const cnpj = `${base}${cnpjCheckDigits(base)}`;
      const id = saved(
        await catalog.fornecedoresLoteItem(context(), {
          nome: `Fornecedor ${s + 1}`,
          cnpj,
          regime: 'normal',
          uf: 'SP',
          ativo: true,
        }),
      );
      const insumos: string[] = [];
      for (let i = 0; i < ITEMS_PER_INVOICE; i++) {
        const insumo = saved(
          await catalog.insumosLoteItem(context(), {
            sku: `B-${s + 1}-${i + 1}-${randomUUID().slice(0, 4)}`,
            nome: `Insumo ${s + 1}.${i + 1}`,
            ativo: true,
            unidade_compra: 'cx',
            unidade_consumo: 'un',
            fator_conversao: '12',
            custo_referencia: '1.5',
            fornecedor_padrao_id: id,
          }),
        );
        const link = await purchases.definirVinculo(context(), {
          fornecedor_id: id,
          codigo: `C${i + 1}`,
          insumo_id: insumo,
          fator: '12',
        });
        if (!link.ok) throw new Error(`bench link refused: ${JSON.stringify(link.error)}`);
        insumos.push(insumo);
      }
      return { id, cnpj, insumos };
    }),
  );
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
