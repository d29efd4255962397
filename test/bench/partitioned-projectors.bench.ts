import { createPool, migrate } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import { catalogItems } from '../../packages/read-models/test/catalog/catalog-items.fixture.js';
import {
  buildPartitioned,
  differences,
} from '../../packages/read-models/test/projector/partition-simulation.fixture.js';
import { appendStockLog } from '../../packages/read-models/test/stock/stock-load.fixture.js';
import type { BenchContext } from './support/bench-context.js';
import { ratioLine } from './support/bench-context.js';

/**
 * Issue 10, part 6: N = 1, 2, 4 projector workers partitioned by company, every projection,
 * built from position zero from one log of 8 companies; the time until every worker is at the
 * head, as events/s and as a ratio to one worker in the same run. Each N is also compared with
 * one worker's tables, row by row. Workers run in this process with a pool each (their SQL runs
 * in PostgreSQL's own processes); printed, never asserted.
 */
const EVENTS = Number(process.env.BENCH_PARTITION_EVENTS ?? 40_000);
const COMPANIES = 8;

export async function run(ctx: BenchContext): Promise<void> {
  const pool = createPool(ctx.databaseUrl, { max: 8, name: 'bench-partitions' });
  const store = createPostgresEventStore({ pool, listen: null });
  try {
    await migrate(pool);
    const perItem = 200;
    const items = Math.max(COMPANIES, Math.round(EVENTS / perItem));
    await appendStockLog(store, {
      companies: COMPANIES,
      itemsPerCompany: Math.ceil(items / COMPANIES),
      movementsPerItem: perItem,
      locations: 4,
      chunk: 20,
      concurrency: 8,
      items: catalogItems(store, { billedShare: 0.2 }),
    });
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    const events = rows[0]!.n;
    await pool.query('VACUUM ANALYZE events');
    ctx.log(`partitioned projectors: ${events} events of ${COMPANIES} companies, every projection`);

    let baseline = 0;
    for (const workers of [1, 2, 4]) {
      const schema = `bench_p${workers}`;
      const { ms } = await buildPartitioned({ databaseUrl: ctx.databaseUrl, pool, workers, schema });
      const rate = events / (ms / 1000);
      if (workers === 1) baseline = rate;
      const diff =
        workers === 1 ? 0 : (await differences(pool, 'bench_p1', schema)).reduce((n, t) => n + t.count, 0);
      ctx.log(
        `  N=${workers}: ${(ms / 1000).toFixed(1)} s, ${rate.toFixed(0)} events/s, differences from N=1: ${diff}`,
      );
      ctx.log(ratioLine(`N=${workers} / N=1 (events/s)`, rate, baseline));
    }
  } finally {
    await store.close();
    await pool.end();
  }
}
