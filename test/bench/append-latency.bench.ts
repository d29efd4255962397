import { loadavg } from 'node:os';
import { createPool, migrate } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import { PROJECTIONS } from '@factory/read-models';
import pg from 'pg';
import { measureAppendToRowLatency } from '../../packages/read-models/test/stock/latency-probe.fixture.js';
import type { BenchContext } from './support/bench-context.js';
import { builtMain } from './support/image-process.js';
import { privatePostgresUnavailable, startPrivatePostgres } from './support/private-postgres.js';
import { cpuSeconds } from './support/process-stats.js';
import { startProjectorProcess, stopProcess } from './support/projector-process.js';

/**
 * Append-to-row latency alone (projector.bench.ts measures it after a 200k-event catch-up and
 * before the 1M-row plans): the built projector at the head of an empty log, movements appended
 * at 500 writes/s for 10 s, the time from each append's commit to the commit of the batch
 * holding its row, per projection.
 *
 * A reader of the log sees only transactions older than the oldest one still running on the
 * whole server (read-all.ts), so another database's long transaction holds every projector on
 * the server back until it ends. On a shared server the figure is therefore also measured on a
 * private cluster of this bench's own (when the PostgreSQL programs are here), the two
 * alternated, each with the ages of other databases' transactions that held an id meanwhile.
 */
const WRITES_PER_SECOND = Number(process.env.APPEND_LATENCY_RATE ?? 500);
const SECONDS = 10;
const ROUNDS = 2;
const NAMES = PROJECTIONS.map((p) => p.name);

export async function run(ctx: BenchContext): Promise<void> {
  const main = await builtMain('@factory/projector');
  const unavailable = privatePostgresUnavailable();
  if (unavailable) ctx.log(`  no private cluster (${unavailable}): the shared server only`);
  const cluster = unavailable ? null : await startPrivatePostgres();
  try {
    const privateUrl = cluster ? await createDatabase(cluster.url, 'append_latency') : null;
    for (let round = 1; round <= ROUNDS; round++) {
      await measure(ctx, main, 'shared server', ctx.databaseUrl);
      if (privateUrl) await measure(ctx, main, 'private cluster', privateUrl);
    }
  } finally {
    await cluster?.stop();
  }
}

async function measure(ctx: BenchContext, main: string, where: string, databaseUrl: string): Promise<void> {
  const pool = createPool(databaseUrl, { max: 16, name: 'bench-append-latency' });
  const store = createPostgresEventStore({ pool, listen: null });
  await migrate(pool);
  const child = await startProjectorProcess(databaseUrl, main);
  const load = loadavg()[0]!.toFixed(1);
  const foreign = watchForeignTransactions(databaseUrl);
  const cpuBefore = cpuSeconds(child.pid!);
  const started = performance.now();
  try {
    const latencies = await measureAppendToRowLatency(pool, store, {
      writesPerSecond: WRITES_PER_SECOND,
      seconds: SECONDS,
      projections: NAMES,
    });
    // The share of a core the projector needed: above what a loaded machine gives it, it falls behind.
    const core = (100 * (cpuSeconds(child.pid!) - cpuBefore)) / ((performance.now() - started) / 1000);
    const ages = await foreign.stop();
    ctx.log(
      `  ${where}, load ${load}: other databases' transactions holding an id, age p50 ${ages.p50} ms, p90 ${ages.p90} ms, max ${ages.max} ms (${ages.share} % of samples over 50 ms); projector CPU ${core.toFixed(0)} % of one core`,
    );
    for (const [name, latency] of latencies)
      ctx.log(
        `    append-to-row latency (${name}) at ${WRITES_PER_SECOND} writes/s for ${SECONDS} s (achieved ${latency.achieved} writes/s): p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms`,
      );
  } finally {
    await foreign.stop();
    await stopProcess(child);
    await store.close();
    await pool.end();
  }
}

/** Samples, every 20 ms, the age of the oldest transaction of another database holding an id. */
function watchForeignTransactions(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const samples: number[] = [];
  let watching = true;
  const loop = (async () => {
    await client.connect();
    while (watching) {
      const { rows } = await client.query<{ ms: number }>(
        `SELECT coalesce(extract(epoch FROM max(now() - xact_start)) * 1000, 0)::float8 AS ms
           FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND datname <> current_database()`,
      );
      samples.push(rows[0]!.ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.end();
  })();
  let summary: Promise<{ p50: string; p90: string; max: string; share: string }> | null = null;
  return {
    stop() {
      watching = false;
      summary ??= loop.then(() => {
        const sorted = samples.sort((a, b) => a - b);
        const at = (q: number) => (sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(0);
        const over = sorted.filter((ms) => ms > 50).length;
        return { p50: at(0.5), p90: at(0.9), max: at(1), share: ((100 * over) / sorted.length).toFixed(0) };
      });
      return summary;
    },
  };
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
