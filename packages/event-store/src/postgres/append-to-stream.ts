import type { Pool, PoolClient } from '@factory/database';
import type { AppendOptions, AppendResult, EventToAppend } from '../event-store.js';
import { validateAppend } from '../validate-append.js';
import { notifyAppended } from './append-notifier.js';
import {
  type AppendOutcome,
  type AppendWrite,
  appendOutcome,
  appendStatement,
  type StatementRow,
} from './append-statement.js';

export { EVENTS_APPENDED_CHANNEL, notifyAppended } from './append-notifier.js';
export type { AppendOutcome, AppendWrite } from './append-statement.js';
export { StaleTransactionError } from './stale-transaction-error.js';

// Losing a race on the unique indexes is not an answer yet: the checks run again against what
// the winner committed and then say "retry of the same append", "conflict" or, for `any`, go.
const MAX_ATTEMPTS = 10;

/** The port's append: one statement, hence one round trip and its own commit. */
export async function appendToStream(
  pool: Pool,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
): Promise<AppendResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await appendWithWrites(pool, stream, events, options)).result;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * Appends, and runs `writes` (e.g. write-side indexes, the idempotency key's answer) in the same
 * statement, so they commit with the events or not at all, in one round trip. A lost race on a
 * unique index (23505, from the events or from a write) is thrown as is: nothing was written,
 * and the caller decides again. Wakes listeners after the commit.
 */
export async function appendWithWrites(
  pool: Pool,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
  writes: readonly AppendWrite[] = [],
): Promise<AppendOutcome> {
  validateAppend(stream, events);
  const statement = appendStatement(stream, events, options, writes);
  const { rows } = await pool.query<StatementRow>(statement);
  const outcome = appendOutcome(stream, events, options, rows[0]!);
  if (outcome.written) notifyAppended(pool);
  return outcome;
}

/**
 * Appends inside a transaction the caller opened and will commit (READ COMMITTED). Losing a
 * race raises PostgreSQL's unique violation (23505): roll back and retry, as appendToStream does.
 * `writes` as for appendWithWrites. Listeners are not woken: call `notifyAppended(pool)` (or the
 * store's `notifyAppended()`) after the COMMIT, so that nothing is announced before it is there.
 */
export async function appendInTransaction(
  client: PoolClient,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
  writes: readonly AppendWrite[] = [],
): Promise<AppendResult> {
  validateAppend(stream, events);
  const { rows } = await client.query<StatementRow>(appendStatement(stream, events, options, writes));
  return appendOutcome(stream, events, options, rows[0]!).result;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
