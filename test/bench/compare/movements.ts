import { drive } from '../movements.bench.js';
import { startChildServer } from '../support/child-server.js';
import { cpuSeconds } from '../support/process-stats.js';
import { eventStoreProbe, startWriteApi } from './apps.js';
import type { WriteTargets } from './reads.js';
import type { RunContext } from './run-context.js';

/**
 * Accepted POST /v1/estoque/movimentos per second through the build's write API, each under a
 * fresh Idempotency-Key, and issue 24's two references measured right after it at the same
 * concurrency: a bare Fastify route doing one INSERT per request into a copy of the events table
 * (the movements bench's own, this tree's: the same reference beside both builds), and the
 * build's own appendToStream, one event a call, in a process of its own (the probe).
 */
const CONNECTIONS = 32; // the movements bench's concurrency
const WARM_UP_SECONDS = 2;

export async function movements(ctx: RunContext, targets: WriteTargets): Promise<void> {
  const { build, figures, template } = ctx;
  const seconds = ctx.settings.movementSeconds;
  const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;
  const headers = { authorization: `Bearer ${template.token}`, 'content-type': 'application/json' };
  const body = () =>
    JSON.stringify({
      insumo_id: pick(targets.insumos),
      local_id: pick(targets.locais),
      tipo: 'entrada_manual',
      quantidade: 1 + Math.floor(Math.random() * 10),
      custo_unitario: 2.5,
    });
  // the movements bench's load: 32 connections, a fresh Idempotency-Key a request, 201s per second.
  // On a machine shared with other work a server may answer one request with an error (a pool
  // out of connections to a crowded database server): the load is then measured once more,
  // rather than losing the whole comparison; a second refusal ends it.
  const post = (target: string, duration: number) =>
    drive(target, headers, body, duration).catch((error: Error) => {
      ctx.log(`${build.label}: ${error.message}; measuring again`);
      return drive(target, headers, body, duration);
    });

  const server = await startWriteApi(build, ctx.url, ctx.redisUrl);
  let ours: number;
  try {
    const target = `http://127.0.0.1:${server.port}/v1/estoque/movimentos`;
    await post(target, WARM_UP_SECONDS);
    const cpuBefore = cpuSeconds(server.pid);
    ours = await post(target, seconds);
    figures.set('POST /v1/estoque/movimentos, accepted/s', ours);
    figures.set(
      'write API CPU per accepted movement, µs (lower is better)',
      ((cpuSeconds(server.pid) - cpuBefore) * 1e6) / (ours * seconds),
    );
    figures.set('write API peak RSS under the movement load, MB (target ≤ 150)', server.peakRssMb());
  } finally {
    await server.stop();
  }

  await ctx.client.query('CREATE TABLE IF NOT EXISTS raw_events (LIKE events INCLUDING ALL)');
  const bare = await startChildServer('test/bench/movements.bench.ts', {
    MOVEMENTS_BENCH_ROLE: 'bare-insert',
    DATABASE_URL: ctx.url,
    DATABASE_POOL_SIZE: String(CONNECTIONS), // the write API's
  });
  let bareRate: number;
  try {
    const target = `http://127.0.0.1:${bare.port}/raw`;
    await post(target, WARM_UP_SECONDS);
    bareRate = await post(target, seconds);
  } finally {
    await bare.stop();
  }
  const append = await eventStoreProbe(build, ctx.url, {
    PROBE: 'append',
    SECONDS: String(seconds),
    WARM_UP_SECONDS: String(WARM_UP_SECONDS),
    CONCURRENCY: String(CONNECTIONS),
  });
  figures.set('bare Fastify route, one INSERT per request, req/s', bareRate);
  figures.set('accepted/s ÷ bare INSERT route (target ≥ 0.8, aim 1.0)', ours / bareRate);
  figures.set("the build's appendToStream in-process, events/s", append.rate);
  figures.set('accepted/s ÷ appendToStream in-process (target ≥ 1.0)', ours / append.rate);
}
