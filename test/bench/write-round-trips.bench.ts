import { randomUUID } from 'node:crypto';
import { createPool, migrate } from '@factory/database';
import { ALL_SCOPES } from '@factory/domain';
import { createTenantFixture } from '@factory/tenants/testing';
import { defineSupplyItem } from '@factory/write-model/testing';
import pg from 'pg';
import { drive } from './movements.bench.js';
import type { BenchContext } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';
import { privatePostgresUnavailable, startPrivatePostgres } from './support/private-postgres.js';

/**
 * Round trips and commits per accepted stock movement, counted by the database server itself:
 * pg_stat_statements' calls (every statement the write API sent, BEGIN and COMMIT included) and
 * pg_stat_database's xact_commit, over a load of fresh movements (each with its own
 * Idempotency-Key) on the standalone write API. The shared server has pg_stat_statements
 * installed but not preloaded, and is not ours to restart, so this bench starts a private
 * cluster of its own (support/private-postgres.ts). A group-committed batch of N movements should
 * cost a constant number of statements and one commit: the figures per movement then fall as
 * the batches grow. `WRITE_BENCH_CPU_PROFILE=<dir>` also writes the write API's --cpu-prof there,
 * and `WRITE_BENCH_SECONDS` sets the load's length (10 s) so that start-up weighs little in it.
 * Nothing is asserted.
 */
const SECONDS = Number(process.env.WRITE_BENCH_SECONDS ?? 10);
const CONCURRENCY = 32;
const ITEMS = 256;
const TOP = 8;

export async function run(ctx: BenchContext): Promise<void> {
  const unavailable = privatePostgresUnavailable();
  if (unavailable) {
    ctx.log(`  skipped: ${unavailable} (round trips need a cluster with pg_stat_statements preloaded)`);
    return;
  }
  const cluster = await startPrivatePostgres();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/bench');
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query('CREATE EXTENSION pg_stat_statements');
    await owner.end();
    await measure(ctx, url);
  } finally {
    await cluster.stop();
  }
}

async function measure(ctx: BenchContext, databaseUrl: string): Promise<void> {
  const setup = createPool(databaseUrl, { max: 4, name: 'bench-round-trips' });
  const tenant = await (async () => {
    try {
      await migrate(setup);
      const tenant = await createTenantFixture(setup, { escopos: [...ALL_SCOPES] });
      for (const insumoId of items)
        await defineSupplyItem(setup, {
          empresaId: tenant.empresaId,
          insumoId,
          sku: `R-${insumoId.slice(0, 8)}`,
          unidadeCompra: 'cx',
          unidadeConsumo: 'un',
          fatorConversao: '12',
          custoReferencia: '1.5',
          now: new Date(),
        });
      return tenant;
    } finally {
      await setup.end();
    }
  })();
  // No warm-up run: a backend reports its commits when it exits (or idle, up to seconds later),
  // so the counts are taken with no other session alive, before the write API starts and after
  // it stopped. What is counted does not depend on the JIT; the rate printed does.
  const before = await serverCounts(databaseUrl, true);
  const profileDir = process.env.WRITE_BENCH_CPU_PROFILE;
  const server = await startChildServer(
    'apps/write-api/src/main.ts',
    {
      DATABASE_URL: databaseUrl,
      REDIS_URL: ctx.redisUrl ?? '',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: String(CONCURRENCY),
      PORT: '0',
      // benchmark-only override: the load must measure the write path, not the limiter's refusals
      RATE_LIMIT_PER_TOKEN: '10000000',
      RATE_LIMIT_PER_COMPANY: '10000000',
    },
    undefined,
    undefined,
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const target = `http://127.0.0.1:${server.port}/v1/estoque/movimentos`;
  const headers = { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' };
  const body = () =>
    JSON.stringify({
      insumo_id: items[Math.floor(Math.random() * ITEMS)],
      local_id: tenant.locais[0]!.id,
      tipo: 'entrada_manual',
      quantidade: 1 + Math.floor(Math.random() * 10),
      custo_unitario: 2.5,
    });
  let accepted: number;
  try {
    // movements.bench's load (the same 32 connections): accepted per second, here a count.
    accepted = Math.round((await drive(target, headers, body, SECONDS)) * SECONDS);
  } finally {
    await server.stop();
  }
  const after = await serverCounts(databaseUrl);
  const statements = after.statements.filter((s) => !s.query.includes('pg_stat_'));
  const calls = statements.reduce((sum, s) => sum + s.calls, 0);
  const ms = statements.reduce((sum, s) => sum + s.ms, 0);
  const sessions = after.sessions - before.sessions;
  const commits = after.commits - before.commits - before.ownCommits - sessions;
  ctx.log(`write round trips, ${CONCURRENCY} concurrent, ${SECONDS}s, ${ITEMS} items, private cluster`);
  ctx.log(`  accepted movements: ${accepted} (${(accepted / SECONDS).toFixed(0)}/s, cold start included)`);
  ctx.log(`  statements per accepted movement: ${(calls / accepted).toFixed(3)}`);
  ctx.log(
    `  commits per accepted movement: ${(commits / accepted).toFixed(3)} (the ${sessions} sessions' starts left out)`,
  );
  ctx.log(
    `  WAL flushes per accepted movement: ${((after.walSyncs - before.walSyncs) / accepted).toFixed(3)}`,
  );
  ctx.log(`  server time in statements per accepted movement: ${((1000 * ms) / accepted).toFixed(0)} µs`);
  ctx.log('  statements by calls (calls per movement, share of server time, ms per call):');
  const rest = statements.slice(TOP).reduce((sum, s) => sum + s.calls, 0);
  ctx.log(`    ${(rest / accepted).toFixed(3)}  (the ${statements.length - TOP} other statements together)`);
  for (const s of statements.slice(0, TOP))
    ctx.log(
      `    ${(s.calls / accepted).toFixed(3)}  ${((100 * s.ms) / ms).toFixed(1)}%  ${(s.ms / s.calls).toFixed(2)}  ${oneLine(s.query)}`,
    );
}

const items = Array.from({ length: ITEMS }, () => randomUUID());

/**
 * The database's commits and the statements' calls, read once no other session is left (a
 * backend reports its pending commits as it exits); `reset` then zeroes pg_stat_statements.
 * `ownCommits` is what this session committed itself, counted in the next count's commits.
 */
async function serverCounts(databaseUrl: string, reset = false) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let ownCommits = 0;
  const query = <R extends pg.QueryResultRow>(text: string) => {
    ownCommits++;
    return client.query<R>(text);
  };
  try {
    for (;;) {
      const { rows } = await query<{ others: number }>(
        `SELECT count(*)::int AS others FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]!.others === 0) break;
      await new Promise((r) => setTimeout(r, 50)); // sessions still closing: poll until gone
    }
    // Every session's start commits a transaction of its own (reading the catalogs).
    const commits = await query<{ n: string; sessions: string }>(
      'SELECT xact_commit AS n, sessions FROM pg_stat_database WHERE datname = current_database()',
    );
    // The WAL's flushes to disk (the whole cluster's, all ours): what a durable commit waits for;
    // a claim's commit (synchronous_commit off) does not, and PostgreSQL's own group commit lets
    // concurrent commits share one.
    const wal = await query<{ syncs: string }>('SELECT wal_sync AS syncs FROM pg_stat_wal');
    const statements = await query<{ query: string; calls: string; ms: number }>(
      `SELECT query, calls, total_exec_time AS ms FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY calls DESC`,
    );
    if (reset) await query('SELECT pg_stat_statements_reset()');
    return {
      commits: Number(commits.rows[0]!.n),
      sessions: Number(commits.rows[0]!.sessions),
      walSyncs: Number(wal.rows[0]!.syncs),
      ownCommits,
      statements: statements.rows.map((r) => ({ query: r.query, calls: Number(r.calls), ms: r.ms })),
    };
  } finally {
    await client.end();
  }
}

function oneLine(query: string): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  return flat.length > 110 ? `${flat.slice(0, 107)}...` : flat;
}
