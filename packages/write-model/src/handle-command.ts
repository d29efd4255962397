import { ContentionDeadlineError } from '@factory/database';
import {
  type AppendOutcome,
  type AppendRequest,
  type EventStore,
  UniquenessConflictError,
} from '@factory/event-store';
import { backoff } from './backoff.js';

type Written = Extract<AppendOutcome, { written: true }>;
type NotWritten = Extract<AppendOutcome, { written: false }>;

/**
 * What to do after an append that wrote nothing: decide again after a jittered wait (another
 * writer got there first), decide again at once (some of the write was settled otherwise), or
 * answer (an earlier attempt of the same command had written it).
 */
export type AfterRefusal<R> = 'retry' | 'retry_now' | { answer: R };

/** A decided write: the one append it needs, and how its outcome becomes the answer. */
export interface DecidedWrite<R> {
  request: AppendRequest;
  written(outcome: Written): R | Promise<R>;
  refused(outcome: NotWritten): AfterRefusal<R> | Promise<AfterRefusal<R>>;
  /**
   * A unique key the append claims is held by another record (UniquenessConflictError): nothing
   * was written. Absent: the error is thrown; a write whose facts name the holder decides again.
   */
  claimLost?(error: UniquenessConflictError): AfterRefusal<R> | Promise<AfterRefusal<R>>;
}

/**
 * One use case's write as the command handler runs it: a single command on its stream
 * (stream-command.ts) or many commands that share one append (group commit, as the movements'
 * batches do: stock/movement-batch.ts). `decide` loads what it needs (the first attempt may use
 * what the process remembers; later ones read the log) and decides, purely; it answers at once
 * when there is nothing to append.
 */
export interface CommandWrite<R> {
  decide(attempt: number): Promise<{ answer: R } | DecidedWrite<R>>;
}

/** How long a write keeps deciding again under contention, from its first attempt (10 s). */
export const CONTENTION_DEADLINE_MS = 10_000;

export interface HandleOptions {
  /** See CONTENTION_DEADLINE_MS. */
  deadlineMs?: number;
  /** Told once per write that needed more than one attempt: how many, how long, and whether it gave up. */
  observer?: ContentionObserver;
}

export interface ContentionObserver {
  contended(write: { attempts: number; waitedMs: number; gaveUp: boolean }): void;
}

/**
 * The write side's one command handler: load, decide, append (rows, keys, checks and due
 * snapshots ride in the append), and when another writer got there first (a stream moved, a key
 * claimed meanwhile) decide again after a jittered wait. Writers to one stream queue and never
 * fail each other: the handler keeps trying until a deadline (seconds, not a count of tries, so
 * it holds however fast the machine), then throws ContentionDeadlineError, which the API
 * answers 503 `banco_indisponivel` (retry later, same key).
 */
export async function handleCommand<R>(
  store: EventStore,
  write: CommandWrite<R>,
  options: HandleOptions = {},
): Promise<R> {
  const started = performance.now();
  const deadline = started + (options.deadlineMs ?? CONTENTION_DEADLINE_MS);
  const settled = (attempts: number, gaveUp: boolean) => {
    if (attempts > 1 || gaveUp)
      options.observer?.contended({ attempts, waitedMs: performance.now() - started, gaveUp });
  };
  for (let attempt = 1; ; attempt++) {
    const decided = await write.decide(attempt);
    if ('answer' in decided) {
      settled(attempt, false);
      return decided.answer;
    }
    const appended = await appendOrLoseClaim(store, decided.request);
    if (appended.written) {
      settled(attempt, false);
      return decided.written(appended);
    }
    const next = await ('claimLost' in appended
      ? claimLostOrThrow(decided, appended.claimLost)
      : decided.refused(appended));
    if (next !== 'retry' && next !== 'retry_now') {
      settled(attempt, false);
      return next.answer;
    }
    if (performance.now() >= deadline) {
      settled(attempt, true);
      throw new ContentionDeadlineError(contendedBy(appended), attempt, performance.now() - started);
    }
    if (next === 'retry') await backoff(attempt);
  }
}

type Attempted = Written | NotWritten | { written: false; claimLost: UniquenessConflictError };

async function appendOrLoseClaim(store: EventStore, request: AppendRequest): Promise<Attempted> {
  try {
    return await store.append(request);
  } catch (error) {
    if (error instanceof UniquenessConflictError) return { written: false, claimLost: error };
    throw error;
  }
}

function claimLostOrThrow<R>(decided: DecidedWrite<R>, error: UniquenessConflictError) {
  if (decided.claimLost === undefined) throw error;
  return decided.claimLost(error);
}

const contendedBy = (refusal: Exclude<Attempted, Written>): string[] =>
  'claimLost' in refusal
    ? refusal.claimLost.scopes.map((scope) => `unique ${scope}`)
    : [
        ...refusal.conflicts.map((c) => c.stream),
        ...refusal.existing.map((e) => e.stream),
        ...(refusal.failedChecks.some((f) => f.length > 0) ? ['checks'] : []),
      ];
