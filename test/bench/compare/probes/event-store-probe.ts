import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { createPool as CreatePool } from '@factory/database';
import type { createPostgresEventStore as CreateStore } from '@factory/event-store';
import { appendsAlone, readWholeLog } from '../../support/event-store-loops.js';

/**
 * A child process of bench:compare that measures one build's event store port in-process: the
 * loops live in the bench support (this tree), the store and its pool are the build's own,
 * resolved from the build's checkout (the working directory), so each build is measured on its
 * own code. Prints one JSON line: `{"rate": events per second}`.
 *
 * PROBE=append: CONCURRENCY loops of appendToStream, one event each, for SECONDS after a
 * WARM_UP_SECONDS warm-up. PROBE=read-all: the whole log through readAll in batches of 5000
 * (as the event-store-log bench reads it).
 */
const build = createRequire(join(process.cwd(), 'package.json'));
const { createPool } = (await import(build.resolve('@factory/database'))) as {
  createPool: typeof CreatePool;
};
const { createPostgresEventStore } = (await import(build.resolve('@factory/event-store'))) as {
  createPostgresEventStore: typeof CreateStore;
};

const concurrency = Number(process.env.CONCURRENCY ?? 32);
const pool = createPool(process.env.DATABASE_URL!, { max: concurrency + 2, name: 'bench-compare-probe' });
const store = createPostgresEventStore({ pool, listen: null });
try {
  if (process.env.PROBE === 'append') {
    await appendsAlone(store, Number(process.env.WARM_UP_SECONDS ?? 2), concurrency);
    const rate = await appendsAlone(store, Number(process.env.SECONDS), concurrency);
    console.log(JSON.stringify({ rate }));
  } else if (process.env.PROBE === 'read-all') {
    const started = performance.now();
    const events = await readWholeLog(store, 5000);
    console.log(JSON.stringify({ rate: events / ((performance.now() - started) / 1000), events }));
  } else throw new Error(`PROBE is append or read-all, not ${process.env.PROBE}`);
} finally {
  await store.close();
  await pool.end();
}
