// `@factory/event-store/testing`: what tests of this package and of other packages share. A
// test-only subpath: package.json gives it the 'source' condition only, and no build includes it.
export { runEventStoreContract } from './contract/event-store-contract.js';
export { runWritePathContract } from './contract/write-path-contract.js';
export { type KurrentForTests, kurrentForTests } from './kurrent-for-tests.js';
export { appendInTransaction } from './postgres/append-in-transaction.js';
export { readLogUntil } from './postgres/read-log-until.js';
