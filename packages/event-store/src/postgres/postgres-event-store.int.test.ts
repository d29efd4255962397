import { createTestDatabase, describeWith } from '@factory/database/testing';
import { runEventStoreContract, runWritePathContract } from '@factory/event-store/testing';
import { beforeAll } from 'vitest';
import { createPostgresEventStore } from './postgres-event-store.js';

describeWith(['postgres'], 'PostgreSQL event store', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  runEventStoreContract('satisfies the event store contract', async () =>
    createPostgresEventStore({ pool: db.pool }),
  );
  runWritePathContract(
    'satisfies the write path contract',
    async () => createPostgresEventStore({ pool: db.pool }),
    () => db.pool,
  );
  // Rows after the commit, as KurrentDB must write them: the same contract holds.
  runWritePathContract(
    'satisfies the write path contract with rows after the commit',
    async (projections) =>
      createPostgresEventStore({ pool: db.pool, rows: { mode: 'after-commit', projections } }),
    () => db.pool,
  );
});
