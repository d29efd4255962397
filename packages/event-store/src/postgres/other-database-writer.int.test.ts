import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { readLogUntil } from '@factory/event-store/testing';
import { beforeAll, expect, it } from 'vitest';
import type { EventStore } from '../event-store.js';
import { createPostgresEventStore } from './postgres-event-store.js';

// Transaction ids span the server, but only a transaction in the log's own database can write
// its events (read-all.ts): one open elsewhere on the server must not hold the log's readers back.
describeWith(['postgres'], 'reading the log while another database has a writing transaction open', () => {
  let log: Awaited<ReturnType<typeof createTestDatabase>>;
  let elsewhere: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    log = await createTestDatabase();
    elsewhere = await createTestDatabase();
    store = createPostgresEventStore({ pool: log.pool, listen: null });
  });

  it('delivers events committed after it began, while it stays open', async () => {
    const start = await store.readHead();
    const other = await elsewhere.pool.connect();
    try {
      await other.query('BEGIN');
      // A write gives it a transaction id, older than the append's below.
      await other.query('CREATE TEMP TABLE held (n int) ON COMMIT DROP');
      await other.query('INSERT INTO held VALUES (1)');
      const { rows } = await other.query<{ id: string }>('SELECT pg_current_xact_id()::text AS id');
      const event = { id: randomUUID(), type: 'Depois.v1', data: {} };
      const appended = await store.appendToStream(`depois-${randomUUID()}`, [event], {
        expectedRevision: 'no_stream',
      });
      expect(BigInt(appended.lastCheckpoint.txId)).toBeGreaterThan(BigInt(rows[0]!.id));

      // Still open: the event is delivered all the same (before, it waited for this ROLLBACK).
      const read = await readLogUntil(store, start.checkpoint, (events) =>
        events.some((e) => e.id === event.id),
      );
      expect(read.map((e) => e.id)).toContain(event.id);
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      other.release();
    }
  });
});
