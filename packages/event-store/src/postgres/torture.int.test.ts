import { randomUUID } from 'node:crypto';
import type { Pool } from '@factory/database';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { appendInTransaction } from '@factory/event-store/testing';
import { beforeAll, expect, it } from 'vitest';
import { compareCheckpoints, LOG_START, type LogCheckpoint } from '../checkpoint.js';
import { WrongExpectedRevisionError } from '../errors.js';
import type { EventStore, RecordedEvent } from '../event-store.js';
import { StaleTransactionError } from './append-to-stream.js';
import { createPostgresEventStore } from './postgres-event-store.js';

const APPENDERS = 8;
const ROUNDS = 25;
const STREAMS = 12;
const BATCH = 5; // the reader's, small so that it runs alongside the writers many times

/**
 * Eight writers hold transactions open for random times, sometimes roll back, sometimes take
 * their transaction id early, while a reader follows the global log in small batches. The
 * reader must end with every committed event exactly once, no rolled-back one, and each
 * stream's revisions in order. A `position > N` reader following the same run misses events
 * (asserted; late-commit.int.test.ts shows the loss step by step). Three subscriptions of one
 * store follow the same run through the tail they share (log-tail.ts), each with its own batch
 * size and pace, and must each see exactly what the reader saw.
 */
describeWith(['postgres'], 'global log under concurrent, slow and failing writers', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: APPENDERS + 4 });
    store = createPostgresEventStore({ pool: db.pool, listen: null });
  });

  it('never skips, repeats or invents an event', async () => {
    const seed = Date.now() % 100_000;
    const random = mulberry32(seed);
    const streams = Array.from({ length: STREAMS }, () => `torture-${randomUUID()}`);
    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    const outcomes = { committed: 0, rolledBack: 0, conflicts: 0 };

    let writing = true;
    const reader = follow(
      store,
      () => writing,
      () => committed.size,
    );
    const naive = followNaively(db.pool, () => writing);
    const subscribers = await Promise.all(
      [3, 7, 16].map((batchSize, i) =>
        subscribeAtPace(store, batchSize, i === 0 ? mulberry32(seed + 1) : () => 0),
      ),
    );

    const appender = async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const client = await db.pool.connect();
        const ids = Array.from({ length: 1 + Math.floor(random() * 3) }, () => randomUUID());
        try {
          await client.query('BEGIN');
          // Some transactions take their id long before they append: others may commit to
          // the same stream meanwhile, which must not put this append before theirs.
          const early = random() < 0.2;
          if (early) await client.query('SELECT pg_current_xact_id()');
          await sleep(client, random() * (early ? 40 : 10), random() < 0.5);
          const stream = streams[Math.floor(random() * STREAMS)]!;
          const exact = random() < 0.5;
          const last = exact ? (await store.readStream(stream)).at(-1) : undefined;
          await appendInTransaction(
            client,
            stream,
            ids.map((id) => ({ id, type: 'Tortured.v1', data: { stream } })),
            { expectedRevision: exact ? (last?.revision ?? 'no_stream') : 'any' },
          );
          // Holding the transaction open after the append is what makes commits late.
          await sleep(client, random() * 30, random() < 0.5);
          if (random() < 0.25) {
            await client.query('ROLLBACK');
            for (const id of ids) rolledBack.add(id);
            outcomes.rolledBack++;
          } else {
            await client.query('COMMIT');
            for (const id of ids) committed.add(id);
            outcomes.committed++;
          }
        } catch (error) {
          await client.query('ROLLBACK');
          if (!isConflict(error)) throw error;
          outcomes.conflicts++;
        } finally {
          client.release();
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: APPENDERS }, appender));
    } finally {
      writing = false;
    }
    const seen = await reader;
    const naiveSeen = await naive;

    const naiveMissed = [...committed].filter((id) => !naiveSeen.has(id)).length;
    console.log(
      `[torture] seed ${seed}: ${JSON.stringify(outcomes)}; the reader saw ${seen.length} events,` +
        ` a naive position > N reader missed ${naiveMissed}`,
    );
    // The scenario has teeth: the same run defeats a reader that trusts positions alone.
    expect(naiveMissed).toBeGreaterThan(0);
    expect(outcomes.committed).toBeGreaterThan(APPENDERS * ROUNDS * 0.25);

    // Every committed event exactly once, nothing rolled back.
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(committed);
    expect(ids.filter((id) => rolledBack.has(id))).toEqual([]);

    // A consistent order: strictly increasing checkpoints, the order a quiet re-read gives,
    // and each stream's revisions dense and in order.
    for (let i = 1; i < seen.length; i++)
      expect(compareCheckpoints(seen[i - 1]!.checkpoint, seen[i]!.checkpoint)).toBeLessThan(0);
    expect((await store.readAll({ limit: 100_000 })).map((e) => e.id)).toEqual(ids);
    const revisions = new Map<string, number[]>();
    for (const e of seen) revisions.set(e.stream, [...(revisions.get(e.stream) ?? []), e.revision]);
    for (const list of revisions.values()) expect(list).toEqual(list.map((_, i) => i));

    for (const subscriber of subscribers) {
      await expect.poll(() => subscriber.seen.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(ids.length);
      await subscriber.subscription.close();
      expect(subscriber.seen.map((e) => e.id)).toEqual(ids);
    }
  });
});

/**
 * Follows the log in small batches while writers run, then until it has as many events as were
 * committed (a reader that skipped one runs into the deadline instead).
 */
async function follow(
  store: EventStore,
  writing: () => boolean,
  expected: () => number,
): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  let after: LogCheckpoint = LOG_START;
  let deadline = Number.POSITIVE_INFINITY;
  while (writing() || (seen.length < expected() && Date.now() < deadline)) {
    if (!writing() && deadline === Number.POSITIVE_INFINITY) deadline = Date.now() + 10_000;
    const batch = await store.readAll({ after, limit: BATCH });
    seen.push(...batch);
    if (batch.length > 0) after = batch.at(-1)!.checkpoint;
    if (batch.length < BATCH) await new Promise((r) => setTimeout(r, 2));
  }
  return seen;
}

/** A subscription that takes up to `pause() * 20` ms per batch (0: as fast as it can). */
async function subscribeAtPace(store: EventStore, batchSize: number, pause: () => number) {
  const seen: RecordedEvent[] = [];
  const subscription = await store.subscribe({
    batchSize,
    pollIntervalMs: 20,
    handle: async (events) => {
      seen.push(...events);
      const ms = pause() * 20;
      if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    },
  });
  return { seen, subscription };
}

async function followNaively(pool: Pool, writing: () => boolean): Promise<Set<string>> {
  const seen = new Set<string>();
  let after = 0;
  for (;;) {
    const stillWriting = writing();
    const { rows } = await pool.query<{ id: string; position: number }>(
      'SELECT event_id::text AS id, position FROM events WHERE position > $1 ORDER BY position LIMIT $2',
      [after, BATCH],
    );
    for (const row of rows) seen.add(row.id);
    if (rows.length > 0) after = rows.at(-1)!.position;
    // Once the writers are done everything is committed: a short read is the true end.
    if (!stillWriting && rows.length < BATCH) return seen;
    if (rows.length < BATCH) await new Promise((r) => setTimeout(r, 2));
  }
}

// A lost race: another writer took the revision, or committed to the stream after this
// transaction took its id. Both are answered by retrying in a new transaction.
function isConflict(error: unknown): boolean {
  return (
    error instanceof WrongExpectedRevisionError ||
    error instanceof StaleTransactionError ||
    (error as { code?: unknown }).code === '23505'
  );
}

// Half the waits happen in the server, half in the client, both with the transaction open.
async function sleep(
  client: { query(sql: string, values: unknown[]): Promise<unknown> },
  ms: number,
  inServer: boolean,
) {
  if (inServer) await client.query('SELECT pg_sleep($1)', [ms / 1000]);
  else await new Promise((r) => setTimeout(r, ms));
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
