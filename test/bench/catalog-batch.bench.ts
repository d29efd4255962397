import { type ChildProcess, spawn } from 'node:child_process';
import { createPool, migrate } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture, randomCnpj } from '@factory/tenants/testing';
import type { BenchContext } from './support/bench-context.js';

/**
 * Latency of one 100-item `POST /v1/produtos/lote` (then `/v1/insumos/lote`, then
 * `/v1/fornecedores/lote`) through the real write path: HTTP into the standalone write API
 * (apps/write-api/src/main.ts) in a child process, auth, rate limits, then the records' and keys'
 * lookups, the stream loads, the decisions and the append with the write-side index rows.
 * Batches are sent one after the other (a client's bulk import): first creating 100 new records
 * each, then updating the same records (every item changes), then sending them unchanged
 * (nothing appended). Figures printed; nothing asserted.
 */
const BATCHES = 50;
const ITEMS = 100;
const WARM_UP = 3;
const ROOT = new URL('../../', import.meta.url).pathname;

export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 2, name: 'bench-catalog-batch' });
  await migrate(pool);
  const tenant = await createTenantFixture(pool, { escopos: [...ALL_SCOPES] });
  const api = await startWriteApi({
    DATABASE_URL: ctx.databaseUrl,
    REDIS_URL: ctx.redisUrl ?? '',
    LOG_LEVEL: 'warn',
    PORT: '0',
    // benchmark-only override: the load must measure the write path, not the limiter's refusals
    RATE_LIMIT_PER_TOKEN: '10000000',
    RATE_LIMIT_PER_COMPANY: '10000000',
  });
  const post = async (recurso: string, itens: unknown[]) => {
    const started = performance.now();
    const res = await fetch(`${api.url}/v1/${recurso}/lote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ itens }),
    });
    const body = (await res.json()) as { resultados?: { ok: boolean }[] };
    if (res.status !== 200 || !body.resultados?.every((r) => r.ok))
      throw new Error(`batch refused: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return performance.now() - started;
  };
  try {
    for (const [recurso, item] of KINDS) {
      const batches = (phase: string) =>
        Array.from({ length: BATCHES }, (_, b) =>
          Array.from({ length: ITEMS }, (_, i) => item(`B${b}-${i}`, phase)),
        );
      for (let i = 0; i < WARM_UP; i++)
        await post(
          recurso,
          Array.from({ length: ITEMS }, (_, n) => item(`W${i}-${n}`, 'w')),
        );
      const phases: [string, unknown[][]][] = [
        ['creations', batches('criado')],
        ['updates (every item changes)', batches('alterado')],
        ['unchanged (nothing appended)', batches('alterado')],
      ];
      ctx.log(
        `${BATCHES} batches of ${ITEMS} ${recurso} per phase, sequential, Redis ${ctx.redisUrl ? 'on' : 'off'}`,
      );
      for (const [label, phase] of phases) {
        const times: number[] = [];
        for (const itens of phase) times.push(await post(recurso, itens));
        ctx.log(`  ${label}: ${summary(times)}`);
      }
    }
  } finally {
    await api.stop();
    await pool.end();
  }
}

/** A product item with the fields an ERP usually sends; `phase` changes the name and family. */
export function produto(key: string, phase: string) {
  return {
    sku: `BENCH-${key}`,
    nome: `Camiseta ${key} ${phase}`,
    familia: `Família ${phase}`,
    atributos: { cor: 'azul', tamanho: 'M' },
    ncm: '61091000',
    apelidos: [`ML-${key}`],
    peso_kg: 0.2,
    ipi_pct: 0.05,
    importado: false,
  };
}

/** A supply item bought in rolls of 50 m; `phase` changes the name and the lead time. */
function insumo(key: string, phase: string) {
  return {
    sku: `BENCH-TEC-${key}`,
    nome: `Tecido ${key} ${phase}`,
    unidade_compra: 'rolo',
    unidade_consumo: 'm',
    fator_conversao: 50,
    custo_referencia: 2.5,
    lead_time_dias: phase.length,
  };
}

/** A supplier matched by its CNPJ (one per key, the same in every phase); `phase` changes its name. */
const cnpjs = new Map<string, string>();
function fornecedor(key: string, phase: string) {
  if (!cnpjs.has(key)) cnpjs.set(key, randomCnpj());
  return { cnpj: cnpjs.get(key)!, nome: `Tecelagem ${key} ${phase}`, uf: 'SC' };
}

const KINDS: [string, (key: string, phase: string) => unknown][] = [
  ['produtos', produto],
  ['insumos', insumo],
  ['fornecedores', fornecedor],
];

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const mean = sorted.reduce((s, t) => s + t, 0) / sorted.length;
  return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, mean ${mean.toFixed(1)} ms (${(mean / ITEMS).toFixed(2)} ms per item)`;
}

/** The standalone write API in its own process; resolves once it says `listening on port N`. */
function startWriteApi(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/write-api/src/main.ts'],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk) => {
      err += String(chunk);
      const port = /listening on port (\d+)/.exec(err)?.[1];
      if (port)
        resolve({
          url: `http://127.0.0.1:${port}`,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`write API exited with ${code}: ${err}`)));
  });
}
