import { callerOf } from '../eu.bench.js';
import { startChildServer } from '../support/child-server.js';
import { load } from '../support/load.js';
import { cpuSeconds } from '../support/process-stats.js';
import { startReadApi } from './apps.js';
import type { RunContext } from './run-context.js';

/**
 * The lists through the build's read API (req/s and its CPU per request), and issue 24's read
 * ratios, each figure's reference loaded right after it: `/v1/produtos` ÷ a bare Fastify route
 * with the same SQL and JSON (the products-list bench's own), `/v1/eu` ÷ the same route without
 * auth and limits (the eu bench's own server), `posicao` ÷ `saldos` (both the build's). The
 * bare servers are this tree's: the same reference beside both builds.
 */
const LIST_CONNECTIONS = 16;
const EU_CONNECTIONS = 32; // as the eu bench
const WARM_UP_SECONDS = 2;

export interface WriteTargets {
  insumos: string[];
  locais: string[];
}

export async function reads(ctx: RunContext): Promise<WriteTargets> {
  const { build, url, template, figures } = ctx;
  const headers = { authorization: `Bearer ${template.token}` };
  const server = await startReadApi(build, url, ctx.redisUrl);
  const bareProducts = await startChildServer('test/bench/products-list.bench.ts', {
    PRODUCTS_BENCH_ROLE: 'bare',
    BENCH_DATABASE_URL: ctx.referenceUrl,
    BENCH_EMPRESA: template.empresaId,
  });
  const bareEu = await startChildServer('test/bench/support/eu-server.ts', {
    BENCH_MODE: 'bare',
    BENCH_DATABASE_URL: ctx.referenceUrl,
    BENCH_CALLER: JSON.stringify(await callerOf(template.token, ctx.referenceUrl)),
  });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const measure = async (target: string, connections: number, pid: number | null) => {
      await load(target, { headers, seconds: WARM_UP_SECONDS, connections });
      const cpuBefore = pid === null ? 0 : cpuSeconds(pid);
      const r = await load(target, { headers, seconds: ctx.settings.listSeconds, connections });
      if (r.non2xx > 0) throw new Error(`${build.label}: GET ${target}: ${r.non2xx} non-2xx answers`);
      const cpuPerRequest =
        pid === null
          ? 0
          : ((cpuSeconds(pid) - cpuBefore) * 1e6) / (r.requestsPerSecond * ctx.settings.listSeconds);
      return { rate: r.requestsPerSecond, cpuPerRequest };
    };
    const list = async (path: string) => {
      const rows = (await page(base, path, headers, build.label)).length;
      const { rate, cpuPerRequest } = await measure(`${base}${path}`, LIST_CONNECTIONS, server.pid);
      figures.set(`GET ${path} (${rows} rows), req/s`, rate);
      figures.set(`GET ${path}, read API CPU per request, µs (lower is better)`, cpuPerRequest);
      return rate;
    };
    const produtos = await list('/v1/produtos?limite=200');
    const bare = await measure(`http://127.0.0.1:${bareProducts.port}/v1/produtos`, LIST_CONNECTIONS, null);
    figures.set('GET /v1/produtos ÷ bare Fastify route, same SQL (stay ≥ 0.9)', produtos / bare.rate);
    await list('/v1/insumos?limite=200');
    const saldos = await list('/v1/estoque/saldos?limite=200');
    const posicao = await list('/v1/estoque/posicao?limite=200');
    figures.set('GET posicao ÷ saldos (stay ≥ 0.5)', posicao / saldos);
    await list('/v1/estoque/movimentos?limite=200');
    const eu = await measure(`${base}/v1/eu`, EU_CONNECTIONS, server.pid);
    const euBare = await measure(`http://127.0.0.1:${bareEu.port}/v1/eu`, EU_CONNECTIONS, null);
    figures.set('GET /v1/eu, req/s', eu.rate);
    figures.set('GET /v1/eu full ÷ bare (stay ≥ 0.92)', eu.rate / euBare.rate);
    return await writeTargetsFrom(base, headers, build.label);
  } finally {
    await Promise.all([server.stop(), bareProducts.stop(), bareEu.stop()]);
  }
}

/** Supply items and active locations for the movement load, read through the build's read API. */
export async function writeTargets(ctx: RunContext): Promise<WriteTargets> {
  const server = await startReadApi(ctx.build, ctx.url, ctx.redisUrl);
  try {
    const headers = { authorization: `Bearer ${ctx.template.token}` };
    return await writeTargetsFrom(`http://127.0.0.1:${server.port}`, headers, ctx.build.label);
  } finally {
    await server.stop();
  }
}

async function writeTargetsFrom(base: string, headers: Record<string, string>, label: string) {
  return {
    insumos: (await page(base, '/v1/insumos?limite=200', headers, label)).map((i) => i.id),
    locais: (await page(base, '/v1/locais', headers, label))
      .filter((l) => l.ativo !== false)
      .map((l) => l.id),
  };
}

async function page(base: string, path: string, headers: Record<string, string>, label: string) {
  const response = await fetch(`${base}${path}`, { headers });
  if (!response.ok) throw new Error(`${label}: GET ${path} answered ${response.status}`);
  return ((await response.json()) as { dados: Array<{ id: string; ativo?: boolean }> }).dados;
}
