import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { afterTestFile, type TestDatabase } from '@factory/testing';
import { PROJECTIONS } from '../../src/projections.js';
import { startProjector } from '../../src/projector/projector.js';

/**
 * Every projection following a test database's log, as the service's projector does, with
 * short polls so tests wait little; both are closed when the test file ends. Returns the store
 * the projector reads, for the test's own appends.
 */
export function startFollowingProjector(
  db: TestDatabase,
  options: { batchSize?: number; pollIntervalMs?: number } = {},
): EventStore {
  const store = createPostgresEventStore({ pool: db.pool });
  const projector = startProjector({
    pool: db.pool,
    eventStore: store,
    projections: PROJECTIONS,
    batchSize: options.batchSize,
    pollIntervalMs: options.pollIntervalMs ?? 100,
    watermarkIntervalMs: 25,
  });
  afterTestFile(async () => {
    await projector.close();
    await store.close();
  });
  return store;
}
