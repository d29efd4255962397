import { describe } from 'vitest';
import { runEventStoreContract } from '../contract/event-store-contract.js';
import { runWritePathContract } from '../contract/write-path-contract.js';
import { createKurrentEventStore } from './kurrentdb-event-store.js';

// Tests may read the environment; package code may not. A server to test against, e.g.
//   docker run -p 2113:2113 docker.kurrent.io/kurrent-latest/kurrentdb --insecure
//   EVENTSTORE_URL='kurrentdb://127.0.0.1:2113?tls=false' npx vitest run packages/event-store
const url = process.env.EVENTSTORE_URL;
const name = 'KurrentDB event store';

if (!url) console.warn(`SKIPPED "${name}" contract tests: EVENTSTORE_URL not set`);

// Skipped, the contract's tests are still listed (as skipped) rather than silently absent.
(url ? describe : describe.skip)(url ? name : `${name} (SKIPPED: EVENTSTORE_URL not set)`, () => {
  runEventStoreContract('satisfies the event store contract', async () => createKurrentEventStore(url!));
  runWritePathContract('satisfies the write path contract', async () => createKurrentEventStore(url!));
});
