export { describeWith, redisUrl } from './describe-with.js';
export { type ProvidedServices, prepareTestServices, withDatabase } from './services.js';
export { createTestApi, TestClock } from './test-api.js';
export { createTestDatabase, type TestDatabase } from './test-database.js';
