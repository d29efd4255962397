import type { PoolClient } from '@factory/database';
import type { AppendOptions, AppendResult, EventToAppend } from '../../src/event-store.js';
import {
  appendResult,
  appendStatement,
  type StatementRow,
  streamsOutcome,
} from '../../src/postgres/append-statement.js';
import { validateStreams } from '../../src/postgres/append-to-stream.js';

// Test support (issue 21 §4): the service never appends inside a transaction it holds open, so
// this lives beside the tests that do (late commits, stale transactions, the projector's gap
// handling), reached as `@factory/event-store/testing`.

/**
 * Appends inside a transaction the caller opened and will commit (READ COMMITTED). Losing a
 * race raises PostgreSQL's unique violation (23505): roll back and retry, as appendToStream does.
 * Listeners are not woken: call `notifyAppended(pool)` (or the
 * store's `notifyAppended()`) after the COMMIT, so that nothing is announced before it is there.
 */
export async function appendInTransaction(
  client: PoolClient,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
): Promise<AppendResult> {
  const append = { stream, events, expectedRevision: options.expectedRevision };
  validateStreams([append]);
  const { rows } = await client.query<StatementRow>(appendStatement([append], []));
  return appendResult(append, streamsOutcome([append], rows[0]!)).result;
}
