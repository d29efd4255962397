import { readApiRoutes } from '@factory/read-service';
import { createTestApi, type TestDatabase } from '@factory/testing';
import { writeApiRoutes } from '@factory/write-service';

/**
 * The whole service (read and write routes, as the single-machine server mounts them) on a test
 * database: the description the client is generated from, and the service its tests call.
 */
export function createServiceApi(db: TestDatabase) {
  return createTestApi(db, {
    checkAnswers: true,
    routes: [...readApiRoutes({ pool: db.pool }), ...writeApiRoutes({ pool: db.pool })],
  });
}
