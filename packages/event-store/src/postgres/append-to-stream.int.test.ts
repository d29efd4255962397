import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { appendInTransaction } from '@factory/event-store/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateEventIdsError } from '../errors.js';
import type { EventToAppend } from '../event-store.js';
import { appendNotifierOf } from './append-notifier.js';
import { appendStreams, EVENTS_APPENDED_CHANNEL, StaleTransactionError } from './append-to-stream.js';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store.js';

const event = (data: Record<string, unknown> = {}): EventToAppend => ({
  id: randomUUID(),
  type: 'Tested.v1',
  data,
});
const stream = () => `test-${randomUUID()}`;

// What the contract cannot say about every adapter: the PostgreSQL table's own guarantees.
describeWith(['postgres'], 'PostgreSQL append', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 40 });
    store = createPostgresEventStore({ pool: db.pool, listen: null });
  });

  it('writes one batch under one transaction id, positions in revision order', async () => {
    const s = stream();
    await store.appendToStream(s, [event(), event(), event()], { expectedRevision: 'no_stream' });
    const read = await store.readStream(s);
    expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
    expect(new Set(read.map((e) => e.checkpoint.txId)).size).toBe(1);
    expect(read.map((e) => e.position)).toEqual([...read.map((e) => e.position)].sort((a, b) => a - b));
  });

  it('refuses an event id that another stream already holds', async () => {
    const taken = event();
    await store.appendToStream(stream(), [taken], { expectedRevision: 'no_stream' });
    const other = stream();
    await expect(store.appendToStream(other, [taken], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
      DuplicateEventIdsError,
    );
    expect(await store.readStream(other)).toEqual([]);
  });

  it('numbers concurrent `any` appends to one stream densely', async () => {
    const s = stream();
    await Promise.all(
      Array.from({ length: 10 }, () => store.appendToStream(s, [event()], { expectedRevision: 'any' })),
    );
    expect((await store.readStream(s)).map((e) => e.revision)).toEqual([...Array(10).keys()]);
  });

  it('writes a batch retried concurrently once, and answers both with the same result', async () => {
    const s = stream();
    const batch = [event(), event()];
    const results = await Promise.all(
      Array.from({ length: 4 }, () => store.appendToStream(s, batch, { expectedRevision: 'no_stream' })),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await store.readStream(s)).toHaveLength(2);
  });

  it('does not make appenders to different streams wait for each other', async () => {
    const holder = await db.pool.connect();
    try {
      await holder.query('BEGIN');
      await appendInTransaction(holder, stream(), [event()], { expectedRevision: 'no_stream' });
      // The open transaction holds its rows, nothing global: another stream appends at once.
      const other = await Promise.race([
        store.appendToStream(stream(), [event()], { expectedRevision: 'no_stream' }).then(() => 'appended'),
        new Promise((r) => setTimeout(() => r('blocked'), 2000)),
      ]);
      expect(other).toBe('appended');
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('refuses to append from a transaction older than the stream’s last append', async () => {
    const s = stream();
    const old = await db.pool.connect();
    try {
      await old.query('BEGIN');
      await old.query('SELECT pg_current_xact_id()'); // takes its id now
      await store.appendToStream(s, [event()], { expectedRevision: 'no_stream' });
      await expect(appendInTransaction(old, s, [event()], { expectedRevision: 0 })).rejects.toBeInstanceOf(
        StaleTransactionError,
      );
    } finally {
      await old.query('ROLLBACK');
      old.release();
    }
  });

  describe('several streams at once (group commit)', () => {
    it('writes every stream in one transaction, positions in the order given', async () => {
      const [a, b] = [stream(), stream()];
      await store.appendToStream(b, [event()], { expectedRevision: 'no_stream' });
      const outcome = await appendStreams(db.pool, [
        { stream: a, events: [event(), event()], expectedRevision: 'no_stream' },
        { stream: b, events: [event()], expectedRevision: 0 },
      ]);
      if (!outcome.written) throw new Error('not written');
      expect(outcome.rows.map((r) => [r.stream, r.revision])).toEqual([
        [a, 0],
        [a, 1],
        [b, 1],
      ]);
      const read = [...(await store.readStream(a)), ...(await store.readStream(b)).slice(1)];
      expect(new Set(read.map((e) => e.checkpoint.txId))).toEqual(new Set([outcome.txId]));
    });

    it('writes nothing when one stream is not at its expected revision, and says which', async () => {
      const [a, b] = [stream(), stream()];
      await store.appendToStream(b, [event()], { expectedRevision: 'no_stream' });
      const outcome = await appendStreams(db.pool, [
        { stream: a, events: [event()], expectedRevision: 'no_stream' },
        { stream: b, events: [event()], expectedRevision: 'no_stream' },
      ]);
      expect(outcome).toEqual({
        written: false,
        existing: [],
        conflicts: [{ stream: b, expected: 'no_stream', current: 0, moved: true }],
        guards: [],
      });
      expect(await store.readStream(a)).toEqual([]);
    });

    it('writes nothing when an id is already in the log, and names its event', async () => {
      const taken = event();
      const [a, b] = [stream(), stream()];
      await store.appendToStream(a, [taken], { expectedRevision: 'no_stream' });
      const outcome = await appendStreams(db.pool, [
        { stream: b, events: [event()], expectedRevision: 'any' },
        { stream: a, events: [taken], expectedRevision: 'any' },
      ]);
      expect(outcome).toMatchObject({ written: false, existing: [{ id: taken.id, stream: a, revision: 0 }] });
      expect(await store.readStream(b)).toEqual([]);
    });

    it('writes nothing when a guard finds rows, and hands them back', async () => {
      const s = stream();
      const guard = (n: number) => ({
        text: 'SELECT x FROM unnest($1::int[]) AS t(x) WHERE x > $2::int',
        values: [[1, 2, 3], n],
      });
      const refused = await appendStreams(
        db.pool,
        [{ stream: s, events: [event()], expectedRevision: 'no_stream' }],
        [],
        [guard(5), guard(1)],
      );
      expect(refused).toMatchObject({ written: false, guards: [[], [{ x: 2 }, { x: 3 }]] });
      expect(await store.readStream(s)).toEqual([]);
      const written = await appendStreams(
        db.pool,
        [{ stream: s, events: [event()], expectedRevision: 'no_stream' }],
        [],
        [guard(3)],
      );
      expect(written.written).toBe(true);
    });

    it('refuses a stream given twice before touching the database', async () => {
      const s = stream();
      await expect(
        appendStreams(db.pool, [
          { stream: s, events: [event()], expectedRevision: 'any' },
          { stream: s, events: [event()], expectedRevision: 'any' },
        ]),
      ).rejects.toBeInstanceOf(TypeError);
    });
  });

  it('keeps the log append-only', async () => {
    await store.appendToStream(stream(), [event()], { expectedRevision: 'no_stream' });
    await expect(db.pool.query("UPDATE events SET type = 'Changed.v1'")).rejects.toThrow(/append-only/);
    await expect(db.pool.query('DELETE FROM events')).rejects.toThrow(/append-only/);
  });

  it('refuses malformed appends before touching the database', async () => {
    const s = stream();
    const e = event();
    for (const bad of [[], [{ ...e, id: 'nope' }], [e, e], [{ ...e, type: '' }], [{ ...e, data: undefined }]])
      await expect(store.appendToStream(s, bad, { expectedRevision: 'any' })).rejects.toBeInstanceOf(
        TypeError,
      );
  });

  describe('notifications', () => {
    let listener: pg.Client;
    let received = 0;
    let markers = 0;
    const MARKER_CHANNEL = 'test_marker';
    beforeAll(async () => {
      listener = new pg.Client({ connectionString: db.url });
      await listener.connect();
      listener.on('notification', (n) => {
        if (n.channel === EVENTS_APPENDED_CHANNEL) received++;
        if (n.channel === MARKER_CHANNEL) markers++;
      });
      await listener.query(`LISTEN ${EVENTS_APPENDED_CHANNEL}; LISTEN ${MARKER_CHANNEL}`);
    });
    afterAll(() => listener.end());
    /**
     * Every announcement made so far has reached the listener: the notifier has nothing in flight,
     * and a marker sent after it has arrived (a listener gets notifications in commit order).
     */
    const quiet = async () => {
      await appendNotifierOf(db.pool).close();
      const expected = markers + 1;
      await db.pool.query(`NOTIFY ${MARKER_CHANNEL}`);
      await expect.poll(() => markers, { timeout: 10_000 }).toBe(expected);
    };

    it('are sent after an append commits, never for one rolled back', async () => {
      await quiet();
      const before = received;
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await appendInTransaction(client, stream(), [event()], { expectedRevision: 'no_stream' });
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      await quiet();
      expect(received).toBe(before);
      await store.appendToStream(stream(), [event()], { expectedRevision: 'no_stream' });
      await expect.poll(() => received, { timeout: 5000 }).toBeGreaterThan(before);
    });

    it('come from the caller after its own commit when it appends in its transaction', async () => {
      await quiet();
      const before = received;
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await appendInTransaction(client, stream(), [event()], { expectedRevision: 'no_stream' });
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await quiet();
      // The append itself announces nothing: its commit takes no notification lock.
      expect(received).toBe(before);
      store.notifyAppended();
      await expect.poll(() => received, { timeout: 5000 }).toBeGreaterThan(before);
    });

    it('are coalesced: the announcements of a burst of commits cost one NOTIFY and one trailing one', async () => {
      // The commits first, then their announcements in one go, as concurrent appends make them:
      // arriving while a NOTIFY is in flight, they wait for one more (appends racing freely would
      // make the count depend on the machine's speed).
      const clients = await Promise.all(Array.from({ length: 30 }, () => db.pool.connect()));
      try {
        for (const client of clients) {
          await client.query('BEGIN');
          await appendInTransaction(client, stream(), [event()], { expectedRevision: 'no_stream' });
          await client.query('COMMIT');
        }
      } finally {
        for (const client of clients) client.release();
      }
      await quiet();
      const before = received;
      for (let i = 0; i < clients.length; i++) store.notifyAppended();
      await expect.poll(() => received, { timeout: 5000 }).toBeGreaterThan(before);
      await quiet();
      expect(received - before).toBeLessThanOrEqual(2);
    });
  });
});
