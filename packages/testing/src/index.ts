export { afterTestFile, runCleanupsAfterEachFile } from './after-test-file.js';
export { describeWith, redisUrl } from './describe-with.js';
export { type KurrentForTests, kurrentForTests } from './kurrent-for-tests.js';
export { createOpenApiCheck, type ObservedAnswer, type OpenApiCheck } from './openapi-check.js';
export { freePort } from './private/free-port.js';
export {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from './private/private-postgres.js';
export { rowsModeOfTests } from './rows-mode.js';
export { type ProvidedServices, prepareTestServices, withDatabase } from './services.js';
export { createTestApi, TestClock } from './test-api.js';
export { createTestDatabase, type TestDatabase } from './test-database.js';
