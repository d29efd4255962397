import type { AppendOutcome, AppendRequest, EventStore } from '@factory/event-store';
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
  /** Decide-and-append attempts before giving up under contention. */
  maxAttempts: number;
  /** The error to throw once they are spent. */
  exhausted(outcome: NotWritten): Error;
}

/**
 * The write side's one command handler: load, decide, append (rows, keys, checks and due
 * snapshots ride in the append), and on a conflict decide again after a jittered wait, a
 * bounded number of times, so that writers to one stream queue and never fail each other.
 */
export async function handleCommand<R>(store: EventStore, write: CommandWrite<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const decided = await write.decide(attempt);
    if ('answer' in decided) return decided.answer;
    const outcome = await store.append(decided.request);
    if (outcome.written) return decided.written(outcome);
    const next = await decided.refused(outcome);
    if (next !== 'retry' && next !== 'retry_now') return next.answer;
    if (attempt >= write.maxAttempts) throw write.exhausted(outcome);
    if (next === 'retry') await backoff(attempt);
  }
}
