// `@factory/database/testing`: the services every test suite runs on, for this package's tests and
// every other's. PostgreSQL (a migrated template found or started once per run, a database of each
// test file's own copied from it), Redis, free ports and the cleanups run after each file. It sits
// here, on the lowest package it needs, so that the tests of the packages @factory/testing builds
// on can use it without importing a package that depends on them (issue 21 §4). A test-only
// subpath: package.json gives it the 'source' condition only, and no build includes it. The
// vitest setup files reach the rest of this folder by path.
export { afterTestFile } from './after-test-file.js';
export { describeWith, redisUrl } from './describe-with.js';
export { freePort } from './free-port.js';
export { describePlan, genericPlanNodes, type PlanNode, planNodes } from './plan-nodes.js';
export { createTestDatabase, type TestDatabase } from './test-database.js';
