// `@factory/http/testing`: the real API service on a test database, a clock moved by hand, and the
// check of answers against the service's own description, for this package's tests and, through
// @factory/testing, every other's. A test-only subpath: package.json gives it the 'source'
// condition only, and no build includes it.
export { createOpenApiCheck, type ObservedAnswer, type OpenApiCheck } from './openapi-check.js';
export { createTestApi, type TestApiOptions, TestClock } from './test-api.js';
