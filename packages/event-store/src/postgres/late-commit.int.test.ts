import { randomUUID } from 'node:crypto';
import type { Pool } from '@factory/database';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { appendInTransaction, readLogUntil } from '@factory/event-store/testing';
import { beforeAll, expect, it } from 'vitest';
import { compareCheckpoints } from '../checkpoint.js';
import type { EventStore } from '../event-store.js';
import { createPostgresEventStore } from './postgres-event-store.js';

// Why the global log is read by (transaction id, position) below the oldest running
// transaction, and not by `position > N`: this is the scenario that loses an event forever.
describeWith(['postgres'], 'reading the global log past a late commit', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ pool: db.pool, listen: null });
  });

  it('a naive `position > N` reader skips the event; readAll delivers it, in commit-safe order', async () => {
    const start = await store.readHead();
    const naiveStart = await maxPosition(db.pool);

    // 1. A transaction appends (taking position p) and stays open.
    const late = await db.pool.connect();
    await late.query('BEGIN');
    const lateEvent = { id: randomUUID(), type: 'Late.v1', data: {} };
    const lateAppend = await appendInTransaction(late, `late-${randomUUID()}`, [lateEvent], {
      expectedRevision: 'no_stream',
    });
    try {
      // 2. Another append takes position p + 1 and commits first.
      const earlyEvent = { id: randomUUID(), type: 'Early.v1', data: {} };
      const early = await store.appendToStream(`early-${randomUUID()}`, [earlyEvent], {
        expectedRevision: 'no_stream',
      });
      expect(early.lastPosition).toBeGreaterThan(lateAppend.lastPosition);

      // 3. A naive reader sees p + 1 and moves its checkpoint past p.
      const naiveFirst = await naiveRead(db.pool, naiveStart);
      expect(naiveFirst.map((r) => r.id)).toEqual([earlyEvent.id]);

      // The real reader returns nothing yet: p + 1's transaction is newer than an open one.
      expect(await store.readAll({ after: start.checkpoint })).toEqual([]);
      // And the head says a projector at `start` is not at the head of the log.
      const head = await store.readHead();
      expect(compareCheckpoints(head.checkpoint, early.lastCheckpoint)).toBeGreaterThanOrEqual(0);
      expect(compareCheckpoints(start.checkpoint, head.checkpoint)).toBeLessThan(0);

      // 4. The late transaction commits.
      await late.query('COMMIT');

      // 5. The naive reader never looks back: the late event is lost to it for good.
      expect(await naiveRead(db.pool, naiveFirst.at(-1)!.position)).toEqual([]);

      // The real reader gets both, the late one first (its transaction is older).
      const read = await readLogUntil(store, start.checkpoint, (events) => events.length >= 2);
      expect(read.map((e) => e.id)).toEqual([lateEvent.id, earlyEvent.id]);
      expect(read[0]!.checkpoint).toEqual(lateAppend.lastCheckpoint);
    } finally {
      await late.query('ROLLBACK').catch(() => undefined);
      late.release();
    }
  });
});

async function maxPosition(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ max: number }>('SELECT coalesce(max(position), 0) AS max FROM events');
  return rows[0]!.max;
}

async function naiveRead(pool: Pool, after: number): Promise<{ id: string; position: number }[]> {
  const { rows } = await pool.query<{ id: string; position: number }>(
    'SELECT event_id::text AS id, position FROM events WHERE position > $1 ORDER BY position',
    [after],
  );
  return rows;
}
