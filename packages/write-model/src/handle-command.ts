import type { Pool } from '@factory/database';
import {
  type EventMetadata,
  type EventShape,
  type EventStore,
  StaleTransactionError,
  WrongExpectedRevisionError,
} from '@factory/event-store';
import {
  AlreadyAppended,
  type AppendCommandOptions,
  type AppendedEvent,
  appendDecision,
} from './append-decision.js';
import { backoff } from './backoff.js';
import type { Decider, SnapshotStore } from './decider.js';
import { catchUp, loadStream } from './load-stream.js';

export type { AppendedEvent } from './append-decision.js';

export interface CommandHandlerDeps<S, C, E extends EventShape, Err> {
  /** Appends run on this pool, so write-side rows commit with the events. */
  pool: Pool;
  /** Streams are read through the port. */
  store: EventStore;
  decider: Decider<S, C, E, Err>;
  snapshots: SnapshotStore<S>;
  /** Save a snapshot once the stream is this many events past the last one (25). */
  snapshotEvery?: number;
  /** Decide-and-append attempts before giving up under contention (50). */
  maxAttempts?: number;
  /** A snapshot is an optimisation: failing to save one never fails the command. */
  onSnapshotError?: (error: unknown) => void;
}

export interface CommandOptions<S, E> extends AppendCommandOptions<E> {
  /** Id of the decision's i-th event; derived from the idempotency key when there is one. */
  eventId: (index: number) => string;
  metadata: EventMetadata;
  /** The handler's `now`: the events' time. */
  created: Date;
  /**
   * True when the state already holds this command's outcome: an earlier attempt with the
   * same event ids committed (a retry after a crash or a lost answer). Not decided again.
   */
  alreadyApplied?: (state: S) => boolean;
  /**
   * Further writes in a transaction around the append, for writes that need their own
   * statements. They must insert rows keyed by the event ids, with
   * no ON CONFLICT: when the store answers that these ids were appended before, the unique
   * violation is what sends the handler back to reload. Costs a transaction's extra round trips.
   */
  inTransaction?: AppendCommandOptions<E>['inTransaction'];
}

export type CommandResult<S, E, Err> =
  | { kind: 'appended'; events: AppendedEvent<E>[]; position: number; state: S }
  | { kind: 'already_applied'; state: S }
  | { kind: 'refused'; error: Err };

const SNAPSHOT_EVERY = 25;
const MAX_ATTEMPTS = 50;

/**
 * Handles one command against one stream:
 * 1. Load the state: latest snapshot plus the events after it.
 * 2. Decide with the pure decider; a refusal is returned as is.
 * 3. Append with the expected revision, with the caller's writes, atomically.
 * 4. Another writer got there first (wrong revision, lost unique race, stale transaction, the
 *    ids already appended by a twin attempt): fold in what it appended, wait a jittered moment
 *    and go back to 2, a bounded number of times. Writers to the same stream therefore never
 *    fail each other, they only queue.
 * 5. After the append, save a snapshot when the stream has moved far enough past the last.
 */
export async function handleCommand<S, C, E extends EventShape, Err>(
  deps: CommandHandlerDeps<S, C, E, Err>,
  stream: string,
  command: C,
  options: CommandOptions<S, E>,
): Promise<CommandResult<S, E, Err>> {
  const { decider } = deps;
  // 1.
  let loaded = await loadStream(deps.store, deps.snapshots, decider, stream);
  for (let attempt = 1; ; attempt++) {
    if (options.alreadyApplied?.(loaded.state)) return { kind: 'already_applied', state: loaded.state };
    // 2.
    const decision = decider.decide(command, loaded.state);
    if (!decision.ok) return { kind: 'refused', error: decision.error };
    try {
      // 3.
      const { events, position } = await appendDecision(deps.pool, stream, loaded, decision.events, options);
      const state = events.reduce<S>((s, event) => decider.evolve(s, event), loaded.state);
      // 5.
      const revision = events[events.length - 1]!.revision;
      if (revision - loaded.snapshotRevision >= (deps.snapshotEvery ?? SNAPSHOT_EVERY))
        await deps.snapshots.save(stream, revision, state).catch(deps.onSnapshotError ?? (() => undefined));
      return { kind: 'appended', events, position, state };
    } catch (error) {
      // 4.
      if (!isConcurrencyConflict(error) || attempt >= (deps.maxAttempts ?? MAX_ATTEMPTS)) throw error;
      await backoff(attempt);
      loaded = await catchUp(deps.store, decider, stream, loaded);
    }
  }
}

function isConcurrencyConflict(error: unknown): boolean {
  return (
    error instanceof WrongExpectedRevisionError ||
    error instanceof StaleTransactionError ||
    error instanceof AlreadyAppended ||
    (error as { code?: unknown } | null)?.code === '23505' // a unique race lost in our statement
  );
}
