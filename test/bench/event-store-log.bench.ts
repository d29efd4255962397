import { randomUUID } from 'node:crypto';
import { createPool, migrate, type Pool } from '@factory/database';
import { createPostgresEventStore, type EventStore, type EventToAppend } from '@factory/event-store';
import { ratioLine } from './support/bench-context.js';
import { readWholeLog } from './support/event-store-loops.js';

/**
 * Reading the whole global log through the PostgreSQL adapter (gap-free: ordered by
 * (tx_id, position), below the snapshot horizon, in keyset batches) against a raw ordered scan
 * of the same table through one server-side cursor: the price of the gap-free read.
 *
 * Loading goes through the adapter's own append, set-based: each call appends a whole stream
 * of EVENTS_PER_APPEND events in one multi-row INSERT, a few calls at a time.
 */
const DEFAULT_EVENTS = 1_000_000;
const EVENTS_PER_APPEND = 1000;
const LOAD_CONCURRENCY = 4;
const READ_BATCH = 5000;

export async function run(ctx: {
  databaseUrl: string;
  log: (line: string) => void;
  /** Fewer events for a quick check; one million by default. */
  events?: number;
}): Promise<void> {
  const total = ctx.events ?? DEFAULT_EVENTS;
  const pool = createPool(ctx.databaseUrl, { max: LOAD_CONCURRENCY + 2, name: 'bench-event-store' });
  const store = createPostgresEventStore({ pool, listen: null });
  try {
    await migrate(pool);
    await load(store, pool, total, ctx.log);
    await pool.query('VACUUM ANALYZE events');
    await pool.query('SELECT count(*) FROM events'); // warm the cache for both readers alike

    const raw = await timed(() => rawScan(pool));
    const adapter = await timed(() => readWholeLog(store, READ_BATCH));
    if (raw.count !== adapter.count) throw new Error(`raw scan read ${raw.count}, adapter ${adapter.count}`);
    const rate = (r: { count: number; ms: number }) => Math.round(r.count / (r.ms / 1000));
    ctx.log(`event store: global log of ${raw.count} events`);
    ctx.log(`  raw ordered cursor scan: ${rate(raw)} events/s (${raw.ms.toFixed(0)} ms)`);
    ctx.log(
      `  adapter readAll (batches of ${READ_BATCH}): ${rate(adapter)} events/s (${adapter.ms.toFixed(0)} ms)`,
    );
    ctx.log(ratioLine('adapter / raw (events/s)', rate(adapter), rate(raw)));
  } finally {
    await store.close();
    await pool.end();
  }
}

async function load(store: EventStore, pool: Pool, total: number, log: (line: string) => void) {
  const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM events');
  let missing = total - rows[0]!.count;
  if (missing <= 0) return;
  const started = performance.now();
  const loader = async () => {
    while (missing > 0) {
      const size = Math.min(EVENTS_PER_APPEND, missing);
      missing -= size;
      await store.appendToStream(`bench-${randomUUID()}`, makeEvents(size), {
        expectedRevision: 'no_stream',
      });
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, loader));
  const seconds = (performance.now() - started) / 1000;
  log(`event store: appended ${total - rows[0]!.count} events in ${seconds.toFixed(1)} s`);
}

function makeEvents(count: number): EventToAppend[] {
  const created = new Date();
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type: 'MovimentoRegistrado.v1',
    data: { quantidade: String(i % 97), custo_unitario: '12.3456', local_id: 'bench', origem: 'api' },
    metadata: { request_id: 'bench' },
    created,
  }));
}

// The same columns in the same order, with nothing but a cursor: the floor for any reader.
async function rawScan(pool: Pool): Promise<number> {
  const client = await pool.connect();
  let count = 0;
  try {
    await client.query('BEGIN');
    await client.query(
      `DECLARE log NO SCROLL CURSOR FOR
         SELECT position, tx_id::text AS tx_text, stream_id, stream_revision, event_id::text AS event_id,
                type, data, metadata, created
           FROM events ORDER BY events.tx_id, events.position`,
    );
    for (;;) {
      const { rows } = await client.query(`FETCH ${READ_BATCH} FROM log`);
      count += rows.length;
      if (rows.length < READ_BATCH) break;
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return count;
}

async function timed(work: () => Promise<number>): Promise<{ count: number; ms: number }> {
  const started = performance.now();
  const count = await work();
  return { count, ms: performance.now() - started };
}
