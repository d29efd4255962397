import type { Pool } from '@factory/database';
import type { AppendOptions, AppendResult, EventToAppend } from '../event-store.js';
import { validateAppend } from '../validate-append.js';
import { notifyAppended } from './append-notifier.js';
import {
  type AppendGuard,
  type AppendWrite,
  appendResult,
  appendStatement,
  type StatementRow,
  type StreamAppend,
  type StreamsOutcome,
  streamsOutcome,
} from './append-statement.js';

export { EVENTS_APPENDED_CHANNEL, notifyAppended } from './append-notifier.js';
export type {
  AppendedRow,
  AppendGuard,
  AppendWrite,
  StreamAppend,
  StreamsOutcome,
} from './append-statement.js';
export { StaleTransactionError } from './stale-transaction-error.js';

export interface TryAppendOutcome {
  result: AppendResult;
  /** False when every id was already in the stream: the result is the earlier append's. */
  written: boolean;
}

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
      return (await tryAppend(pool, stream, events, options)).result;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * One attempt of appendToStream, which also says whether it wrote (false: every id was in the
 * stream already, and the result is that earlier append's). A lost race on a unique index
 * (23505) is thrown as is: nothing was written, and the caller decides again.
 */
async function tryAppend(
  pool: Pool,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
): Promise<TryAppendOutcome> {
  const append = { stream, events, expectedRevision: options.expectedRevision };
  return appendResult(append, await appendStreams(pool, [append]));
}

/**
 * Appends to several streams at once, with `writes`, in one statement and one commit: all of it
 * or nothing. Nothing is written when any id is already in the log, any stream is not at its
 * expected revision or any guard finds rows; the outcome then says which, and the caller decides
 * again. A race lost on a unique index after the checks (23505) is thrown as is. This is how concurrent commands share a
 * commit (group commit); a single append is the batch of one. Wakes listeners after the commit.
 */
export async function appendStreams(
  pool: Pool,
  appends: readonly StreamAppend[],
  writes: readonly AppendWrite[] = [],
  guards: readonly AppendGuard[] = [],
): Promise<StreamsOutcome> {
  validateStreams(appends);
  const { rows } = await pool.query<StatementRow>(appendStatement(appends, writes, guards));
  const outcome = streamsOutcome(appends, rows[0]!);
  if (outcome.written) notifyAppended(pool);
  return outcome;
}

export function validateStreams(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new TypeError('append: no streams');
  const streams = new Set<string>();
  for (const { stream, events } of appends) {
    if (streams.has(stream)) throw new TypeError(`append: stream ${stream} given twice`);
    streams.add(stream);
    validateAppend(stream, events);
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
