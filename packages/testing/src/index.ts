// The test support of the whole service. It builds on the test-only subpaths of the packages it
// depends on (`@factory/database/testing`, `@factory/http/testing`), whose own tests use those
// directly: no package's tests import a package that depends on that package (issue 21 §4).
export {
  afterTestFile,
  createTestDatabase,
  describeWith,
  freePort,
  redisUrl,
  type TestDatabase,
} from '@factory/database/testing';
export { createOpenApiCheck, type ObservedAnswer, type OpenApiCheck, TestClock } from '@factory/http/testing';
export {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from './private/private-postgres.js';
export { rowsModeOfTests } from './rows-mode.js';
export { createTestApi } from './test-api.js';
