import { platformRoutes } from '@factory/api';
import type { TestDatabase } from '@factory/database/testing';
import type { ApiService } from '@factory/http';
import { createTestApi as createApi, type TestApiOptions } from '@factory/http/testing';

/**
 * The real API service on a test database (@factory/http/testing's `createTestApi`), serving the
 * service's own description and probes (@factory/api's `platformRoutes`) unless told otherwise.
 */
export function createTestApi(
  db: TestDatabase,
  options: Omit<TestApiOptions, 'platformRoutes'> & Partial<Pick<TestApiOptions, 'platformRoutes'>>,
): Promise<ApiService> {
  return createApi(db, { platformRoutes, ...options });
}
