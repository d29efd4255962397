import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { compareCheckpoints } from '../checkpoint.js';
import { streamName } from '../stream-name.js';
import { createPostgresEventStore } from './postgres-event-store.js';

// A pool as small as the writers in flight: what a busy write API runs with.
const POOL_SIZE = 3;

describeWith(['postgres'], 'rows after commit: the catch-up', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: POOL_SIZE });
  });

  it('serves many concurrent readers of the rows on a pool smaller than them, without waiting for a connection it holds', async () => {
    const seen: string[] = [];
    const store = createPostgresEventStore({
      pool: db.pool,
      listen: null,
      rows: {
        mode: 'after-commit',
        // A projection that only records which events the catch-up handed it.
        projections: [
          {
            name: 'seen',
            write: () => ({ text: 'SELECT 1', values: [] }),
            rowsOf: (event) => {
              seen.push(event.id);
              return [];
            },
          },
        ],
      },
    });
    // Events whose rows were never written (as after a crash): the catch-up has work to do.
    const stream = streamName('teste', randomUUID(), randomUUID());
    const ids: string[] = Array.from({ length: 40 }, () => randomUUID());
    await store.appendToStream(
      stream,
      ids.map((id) => ({ id, type: 'Testado.v1', data: {} })),
      { expectedRevision: 'no_stream' },
    );
    // Every caller must see the rows of everything committed before its call. Before the fix each
    // caller held a connection waiting for the checkpoint's lock while the holder waited for a
    // second connection to read the log: the pool ran dry and the callers failed.
    const callers = Array.from({ length: 4 * POOL_SIZE }, () => store.writeSideRowsCurrent());
    expect((await Promise.allSettled(callers)).filter((r) => r.status === 'rejected')).toEqual([]);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    const { rows } = await db.pool.query<{ tx_id: string; position: string }>(
      "SELECT tx_id::text, position FROM write_side_checkpoint WHERE name = 'rows'",
    );
    const head = (await store.readHead()).checkpoint;
    const at = { txId: rows[0]!.tx_id, position: Number(rows[0]!.position) };
    expect(compareCheckpoints(at, head)).toBeGreaterThanOrEqual(0);
    await store.close();
  });
});
