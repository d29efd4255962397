import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store.js';
import { createPostgresEventStore } from './postgres-event-store.js';

describeWith(['postgres'], 'PostgreSQL subscription fallbacks', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it('delivers by polling alone when it cannot listen, and reports why', async () => {
    // Nothing listens on port 1: the listener fails and the poll carries on.
    const store = createPostgresEventStore({
      pool: db.pool,
      listen: { host: '127.0.0.1', port: 1, connectionTimeoutMillis: 500 },
    });
    const errors: unknown[] = [];
    const received: RecordedEvent[] = [];
    const stream = `poll-${randomUUID()}`;
    // store.close() ends it.
    await store.subscribe({
      after: (await store.readHead()).checkpoint,
      pollIntervalMs: 50,
      onError: (error) => errors.push(error),
      handle: async (events) => void received.push(...events),
    });
    try {
      await store.appendToStream(stream, [{ id: randomUUID(), type: 'Polled.v1', data: {} }], {
        expectedRevision: 'no_stream',
      });
      await expect.poll(() => received.map((e) => e.stream), { timeout: 5000 }).toContain(stream);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });

  it('resumes after a stored checkpoint without repeating what was handled', async () => {
    const store = createPostgresEventStore({ pool: db.pool });
    const stream = `resume-${randomUUID()}`;
    const start = (await store.readHead()).checkpoint;
    const ids = Array.from({ length: 7 }, () => randomUUID());
    for (const [i, id] of ids.entries())
      await store.appendToStream(stream, [{ id, type: 'Resumed.v1', data: { i } }], {
        expectedRevision: i === 0 ? 'no_stream' : i - 1,
      });
    const handled: string[] = [];
    const first = await store.subscribe({
      after: start,
      batchSize: 3,
      handle: async (events) => {
        handled.push(...events.map((e) => e.id));
        if (handled.length >= 3) throw new Error('crash after the first batch');
      },
    });
    await expect(first.done).rejects.toThrow('crash');
    const checkpoint = (await store.readAll({ after: start, limit: 3 })).at(-1)!.checkpoint;
    const second = await store.subscribe({
      after: checkpoint,
      batchSize: 3,
      handle: async (events) => void handled.push(...events.map((e) => e.id)),
    });
    await expect.poll(() => handled.length, { timeout: 5000 }).toBe(7);
    await second.close();
    expect(handled).toEqual(ids);
    await store.close();
  });
});
