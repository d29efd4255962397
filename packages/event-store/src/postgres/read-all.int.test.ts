import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith, planNodes } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { createPostgresEventStore } from './postgres-event-store.js';
import { READ_ALL_SQL } from './read-all.js';

describeWith(['postgres'], 'PostgreSQL global read', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    const store = createPostgresEventStore({ pool: db.pool, listen: null });
    for (let i = 0; i < 20; i++)
      await store.appendToStream(`read-${randomUUID()}`, [{ id: randomUUID(), type: 'Read.v1', data: {} }], {
        expectedRevision: 'no_stream',
      });
  });

  // The order must come from the xid8 index. Sorting instead would be slow on a big log, and a
  // sort on the text form of the id (what `ORDER BY tx_id` did when the text was aliased
  // `tx_id`) puts transaction 10 before 9, which tests with same-length ids never notice.
  it('walks the (tx_id, position) index, with no sort', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_sort = off');
      const nodes = await planNodes(client, { text: READ_ALL_SQL, values: ['0', 0, 1000] });
      expect(nodes.map((n) => n.type)).not.toContain('Sort');
      expect(nodes.map((n) => n.index)).toContain('events_log_order');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
