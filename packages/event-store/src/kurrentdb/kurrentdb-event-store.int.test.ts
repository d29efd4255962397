import { createTestDatabase, describeWith, type TestDatabase } from '@factory/database/testing';
import { kurrentForTests, runEventStoreContract, runWritePathContract } from '@factory/event-store/testing';
import { beforeAll, describe } from 'vitest';
import { createKurrentEventStore } from './kurrentdb-event-store.js';

// Tests may read the environment; package code may not. A server to test against, e.g.
//   docker run -p 2113:2113 kurrentplatform/kurrentdb:25.1 --insecure
//   EVENTSTORE_URL='kurrentdb://127.0.0.1:2113?tls=false' npx vitest run packages/event-store
// or a Docker engine that can pull that image (testcontainers).
const server = await kurrentForTests();
const name = 'KurrentDB event store';

if (server.url === null) console.warn(`SKIPPED "${name}" contract tests: ${server.why}`);

if (server.url !== null) {
  const url = server.url;
  describeWith(['postgres'], `${name} (${server.source})`, () => {
    // The write side's rows, snapshots and catch-up checkpoint live in PostgreSQL.
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    runEventStoreContract('satisfies the event store contract', async () => createKurrentEventStore(url));
    runWritePathContract(
      'satisfies the write path contract',
      async (projections) => createKurrentEventStore(url, { pool: db.pool, projections }),
      () => db.pool,
    );
  });
} else {
  // Skipped, the contract's tests are still listed (as skipped) rather than silently absent.
  describe.skip(`${name} (SKIPPED: ${server.why})`, () => {
    runEventStoreContract('satisfies the event store contract', async () =>
      createKurrentEventStore('unused'),
    );
    runWritePathContract(
      'satisfies the write path contract',
      async () => createKurrentEventStore('unused'),
      () => {
        throw new Error('skipped');
      },
    );
  });
}
