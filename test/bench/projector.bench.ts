import type { ChildProcess } from 'node:child_process';
import { createPool, migrate, type Pool } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import { PROJECTIONS, waitUntilCaughtUp, waitUntilIndexesMade } from '@factory/read-models';
import { catalogItems } from '../../packages/read-models/test/catalog/catalog-items.fixture.js';
import { explainStockListsAtScale } from '../../packages/read-models/test/lists/plans-at-scale.fixture.js';
import { measureAppendToRowLatency } from '../../packages/read-models/test/stock/latency-probe.fixture.js';
import { appendStockLog } from '../../packages/read-models/test/stock/stock-load.fixture.js';
import { ratioLine } from './support/bench-context.js';
import { builtMain } from './support/image-process.js';
import { buildLedgerCeiling, dropLedgerCeiling } from './support/ledger-ceiling.js';
import { cpuSeconds, peakRssMb } from './support/process-stats.js';
import { startProjectorProcess, stopProcess as stop } from './support/projector-process.js';
import { rawScan } from './support/raw-scan.js';

/**
 * The projector: catch-up rate of the standalone process (every projection: stock and catalog)
 * over a stock log against a raw ordered scan of the same log; append-to-row latency at 500
 * writes/s; the process's peak RSS; and the plans of the list pages at 1M movements. Figures are
 * printed, never asserted. The log's items are registered through the catalog, and a fifth of
 * them are consumed by bills, so the catalog projection both records movements and re-costs
 * bills, as it does in a factory.
 */
const DEFAULT_EVENTS = 200_000;
const WRITES_PER_SECOND = 500;
const LATENCY_SECONDS = 10;
const PLAN_ROWS = 1_000_000;
const BILLED_SHARE = 0.2;
const NAMES = PROJECTIONS.map((p) => p.name);

type Ctx = { databaseUrl: string; redisUrl: string | null; log: (line: string) => void; events?: number };

export async function run(ctx: Ctx): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 16, name: 'bench-projector' });
  const store = createPostgresEventStore({ pool, listen: null });
  let child: ChildProcess | null = null;
  try {
    await migrate(pool);
    const perItem = 1000;
    const items = Math.max(1, Math.round((ctx.events ?? DEFAULT_EVENTS) / perItem));
    let started = performance.now();
    const moves = await appendStockLog(store, {
      companies: 4,
      itemsPerCompany: Math.ceil(items / 4),
      movementsPerItem: perItem,
      locations: 4,
      // Short appends from many writers at once: the log interleaves items as real traffic does.
      chunk: 20,
      concurrency: 8,
      items: catalogItems(store, { billedShare: BILLED_SHARE }),
    });
    ctx.log(
      `projector: appended ${moves} movements in ${((performance.now() - started) / 1000).toFixed(1)} s (${BILLED_SHARE * 100} % of the items in bills)`,
    );
    await pool.query('VACUUM ANALYZE events');
    const raw = await timed(() => rawScan(pool));
    ctx.log(
      `  raw ordered scan of the log: ${rate(raw)} events/s (${raw.count} events, ${raw.ms.toFixed(0)} ms)`,
    );

    // 1. Catch-up: the standalone process from its start line to the head.
    child = await startProjectorProcess(ctx.databaseUrl, await builtMain('@factory/projector'));
    started = performance.now();
    const cpuBefore = cpuSeconds(child.pid!);
    const serverBefore = await serverCpuSeconds(pool);
    // Each projection's own time, and the whole process's: until every one is at the head.
    const each = await Promise.all(
      NAMES.map(async (name) => {
        await waitUntilCaughtUp(pool, store, name, { timeoutMs: 600_000 });
        return `${name} ${rate({ count: raw.count, ms: performance.now() - started })}`;
      }),
    );
    // A build from the log's start makes its deferred indexes once at the head: part of its catch-up.
    await waitUntilIndexesMade(pool, { timeoutMs: 600_000 });
    const catchUp = { count: raw.count, ms: performance.now() - started };
    const cpu = cpuSeconds(child.pid!) - cpuBefore;
    const serverCpu = (await serverCpuSeconds(pool)) - serverBefore;
    ctx.log(
      `  projector catch-up, every projection (batches of 2000): ${rate(catchUp)} events/s (${catchUp.ms.toFixed(0)} ms; ${each.join(', ')})`,
    );
    // The machine may be shared: scan again, and compare with the better of the two scans.
    const rawAgain = await timed(() => rawScan(pool));
    ctx.log(`  raw ordered scan again, after the catch-up: ${rate(rawAgain)} events/s`);
    const bestScan = Math.max(rate(raw), rate(rawAgain));
    ctx.log(ratioLine('projector / raw scan (events/s)', rate(catchUp), bestScan));
    ctx.log(
      `  projector process CPU during catch-up: ${cpu.toFixed(1)} s (${((cpu * 100000) / catchUp.ms).toFixed(0)} % of one core)`,
    );
    // The figure least moved by other work on a shared machine: CPU per event, on both sides.
    if (!Number.isNaN(serverCpu))
      ctx.log(
        `  PostgreSQL CPU of the projector's connections during catch-up: ${serverCpu.toFixed(1)} s; both sides: ${(((cpu + serverCpu) * 1e6) / raw.count).toFixed(0)} µs per event`,
      );
    ctx.log(`  projector peak RSS after catch-up: ${peakRssMb(child.pid!)} MB`);
    // What no catch-up can beat: the ledger alone, straight from the log in SQL (issue 24's ceiling).
    const ceiling = await timed(() => buildLedgerCeiling(pool));
    await dropLedgerCeiling(pool);
    const ceilingRate = rate({ count: raw.count, ms: ceiling.ms });
    ctx.log(
      `  ceiling, the ledger alone in set-based SQL from the log (its indexes deferred, made at the end): ${ceilingRate} log events/s (${ceiling.count} rows, ${ceiling.ms.toFixed(0)} ms)`,
    );
    ctx.log(ratioLine('ledger ceiling / raw scan (events/s)', ceilingRate, bestScan));
    ctx.log(ratioLine('projector / ledger ceiling (events/s)', rate(catchUp), ceilingRate));

    // 2. Latency at a steady write rate, with the projector at the head.
    const latencies = await measureAppendToRowLatency(pool, store, {
      writesPerSecond: WRITES_PER_SECOND,
      seconds: LATENCY_SECONDS,
      projections: NAMES,
    });
    for (const [name, latency] of latencies)
      ctx.log(
        `  append-to-row latency (${name}) at ${WRITES_PER_SECOND} writes/s for ${LATENCY_SECONDS} s (${latency.count} writes, achieved ${latency.achieved} writes/s): p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms (polled every 2 ms)`,
      );
    ctx.log(`  projector peak RSS overall: ${peakRssMb(child.pid!)} MB`);
    await stop(child);
    child = null;

    // 3. Plans of every list page at 1M movements.
    await explainStockListsAtScale(pool, ctx.log, PLAN_ROWS);
  } finally {
    if (child) await stop(child);
    await store.close();
    await pool.end();
  }
}

// The server processes behind the projector's connections (its pool and its listener), when
// PostgreSQL runs on this machine; NaN when their /proc entries cannot be read.
async function serverCpuSeconds(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'factory-projector%'`,
  );
  try {
    return rows.reduce((sum, row) => sum + cpuSeconds(row.pid), 0);
  } catch {
    return Number.NaN;
  }
}

async function timed(work: () => Promise<number>) {
  const started = performance.now();
  const count = await work();
  return { count, ms: performance.now() - started };
}

const rate = (r: { count: number; ms: number }) => Math.round(r.count / (r.ms / 1000));
