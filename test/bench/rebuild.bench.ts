import { createPool, migrate } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import {
  PROJECTIONS,
  readProjectionStatus,
  readRebuild,
  requestRebuild,
  verifyProjections,
} from '@factory/read-models';
import { catalogItems } from '../../packages/read-models/test/catalog/catalog-items.fixture.js';
import { appendStockLog } from '../../packages/read-models/test/stock/stock-load.fixture.js';
import type { BenchContext } from './support/bench-context.js';
import { ratioLine } from './support/bench-context.js';
import { startChildServer } from './support/child-server.js';
import { builtMain, imageNodeOptions } from './support/image-process.js';
import { buildLedgerCeiling, dropLedgerCeiling } from './support/ledger-ceiling.js';
import { rawScan } from './support/raw-scan.js';

/**
 * `projecoes reconstruir --todas` and `projecoes verificar` over a log of movements plus its
 * catalog: the rebuild's wall time and events/s against a raw ordered scan of the same log in
 * the same run, the projector process's peak RSS during the rebuild (the high-water mark is
 * reset just before it) against its RSS idle at the head, and verificar's wall time. Sizes: REBUILD_BENCH_EVENTS, a comma list of movement
 * counts (250000 by default; `250000,1000000` shows whether memory grows with the log). Each
 * size runs on a database of its own. Printed, never asserted.
 */
const SIZES = (process.env.REBUILD_BENCH_EVENTS ?? '250000').split(',').map(Number);

export async function run(ctx: BenchContext): Promise<void> {
  for (const [i, size] of SIZES.entries()) {
    const url = new URL(ctx.databaseUrl);
    if (i > 0) {
      // A database per size: the next log starts empty.
      const admin = createPool(ctx.databaseUrl, { max: 1 });
      url.pathname = `${url.pathname}_${i}`;
      await admin.query(`CREATE DATABASE ${url.pathname.slice(1)}`);
      await admin.end();
    }
    try {
      await runSize({ ...ctx, databaseUrl: url.toString() }, size);
    } finally {
      if (i > 0) {
        const admin = createPool(ctx.databaseUrl, { max: 1 });
        await admin.query(`DROP DATABASE IF EXISTS ${url.pathname.slice(1)} WITH (FORCE)`);
        await admin.end();
      }
    }
  }
}

async function runSize(ctx: BenchContext, movements: number): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 12, name: 'bench-rebuild' });
  const store = createPostgresEventStore({ pool, listen: null });
  try {
    await migrate(pool);
    let started = performance.now();
    const perItem = 1000;
    await appendStockLog(store, {
      companies: 4,
      itemsPerCompany: Math.max(1, Math.round(movements / perItem / 4)),
      movementsPerItem: perItem,
      locations: 4,
      chunk: 50,
      concurrency: 8,
      items: catalogItems(store, { billedShare: 0.2 }),
    });
    const events = Number((await pool.query('SELECT count(*) FROM events')).rows[0].count);
    ctx.log(`rebuild: ${events} events (${movements} movements) appended in ${seconds(started)} s`);
    await pool.query('VACUUM ANALYZE events');

    // Baseline: the raw ordered scan of the same log.
    started = performance.now();
    const scanned = await rawScan(pool);
    const scanSeconds = (performance.now() - started) / 1000;
    ctx.log(
      `  raw ordered scan: ${scanned} events in ${scanSeconds.toFixed(1)} s (${Math.round(scanned / scanSeconds)} events/s)`,
    );

    // Every projection rebuilt at once, as `projecoes reconstruir --todas` has it done: by the
    // projector process (apps/projector, without Redis), built and run on plain Node as the
    // image runs it; its peak RSS is the figure. It first brings its live projections to the
    // head, then its high-water mark is reset, so the peak is the rebuild's own on top of an
    // idle worker at the head.
    const worker = await startChildServer(
      await builtMain('@factory/projector'),
      {
        DATABASE_URL: ctx.databaseUrl,
        REDIS_URL: '',
        METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: imageNodeOptions('projector'),
      },
      /and \/readyz on port (\d+)/,
    );
    let peak = 0;
    let idle = 0;
    let rebuildSeconds = 0;
    try {
      await waitFor(async () =>
        (await readProjectionStatus(pool, store, PROJECTIONS)).every((p) => p.atraso_eventos === 0),
      );
      worker.resetPeakRss();
      idle = worker.peakRssMb();
      started = performance.now();
      const rebuilds = await Promise.all(PROJECTIONS.map((p) => requestRebuild(pool, p.name)));
      for (;;) {
        peak = Math.max(peak, worker.peakRssMb());
        const now = await Promise.all(rebuilds.map((r) => readRebuild(pool, r.id)));
        if (now.some((r) => r!.estado === 'falhou'))
          throw new Error(`rebuild failed: ${now.map((r) => r!.erro)}`);
        if (now.every((r) => r!.estado === 'concluida')) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      rebuildSeconds = (performance.now() - started) / 1000;
      peak = Math.max(peak, worker.peakRssMb());
    } finally {
      await worker.stop();
    }
    ctx.log(
      `  reconstruir --todas (${PROJECTIONS.map((p) => p.name).join(', ')}): ${rebuildSeconds.toFixed(1)} s, ` +
        `${Math.round(events / rebuildSeconds)} log events/s, projector process peak RSS ${peak} MB ` +
        `(${idle} MB idle at the head before it)`,
    );
    ctx.log(ratioLine('peak RSS during rebuild / idle RSS', peak, idle));
    ctx.log(ratioLine('rebuild time / raw scan time', rebuildSeconds, scanSeconds));

    started = performance.now();
    const verified = await verifyProjections({ pool, eventStore: store, projections: PROJECTIONS });
    const verifySeconds = (performance.now() - started) / 1000;
    ctx.log(`  verificar: ${verifySeconds.toFixed(1)} s, ${verified.diferencas} differences`);
    ctx.log(ratioLine('verificar time / raw scan time', verifySeconds, scanSeconds));

    // What no rebuild can beat: the ledger alone, straight from the log in SQL (issue 24's ceiling).
    started = performance.now();
    const ledgerRows = await buildLedgerCeiling(pool);
    const ceilingSeconds = (performance.now() - started) / 1000;
    await dropLedgerCeiling(pool);
    ctx.log(
      `  ceiling, the ledger alone in set-based SQL from the log (its indexes deferred, made at the end): ${ceilingSeconds.toFixed(1)} s, ${ledgerRows} rows`,
    );
    ctx.log(ratioLine('ledger ceiling time / raw scan time', ceilingSeconds, scanSeconds));
  } finally {
    await store.close();
    await pool.end();
  }
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Resolves once `done` holds, asking every 500 ms. */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 500));
}
