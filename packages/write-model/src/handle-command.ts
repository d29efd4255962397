import { inTransaction, type Pool, type PoolClient } from '@factory/database';
import {
  appendInTransaction,
  type EventMetadata,
  type EventShape,
  type EventStore,
  StaleTransactionError,
  WrongExpectedRevisionError,
} from '@factory/event-store';
import { backoff } from './backoff.js';
import type { Decider, SnapshotStore } from './decider.js';
import { catchUp, type LoadedStream, loadStream } from './load-stream.js';

export interface CommandHandlerDeps<S, C, E extends EventShape, Err> {
  /** Appends run in transactions of this pool, so write-side indexes commit with the events. */
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

export interface CommandOptions<S, E> {
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
   * Further writes that must commit with the events (write-side indexes). They must insert
   * rows keyed by the event ids, with no ON CONFLICT: when the store answers that these ids
   * were appended before, the unique violation is what sends the handler back to reload.
   */
  inTransaction?: (client: PoolClient, events: AppendedEvent<E>[]) => Promise<void>;
}

export type AppendedEvent<E> = E & { id: string; revision: number };

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
 * 3. Append with the expected revision, with the caller's index writes, in one transaction.
 * 4. Another writer got there first (wrong revision, lost unique race, stale transaction):
 *    fold in what it appended, wait a jittered moment and go back to 2, a bounded number of
 *    times. Writers to the same stream therefore never fail each other, they only queue.
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
      const { events, position } = await append(deps.pool, stream, loaded, decision.events, options);
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

async function append<S, E extends EventShape>(
  pool: Pool,
  stream: string,
  loaded: LoadedStream<S>,
  decided: E[],
  options: CommandOptions<S, E>,
): Promise<{ events: AppendedEvent<E>[]; position: number }> {
  const first = loaded.revision === 'no_stream' ? 0 : loaded.revision + 1;
  const toAppend = decided.map((event, index) => ({
    ...event,
    id: options.eventId(index),
    metadata: options.metadata,
    created: options.created,
  }));
  return inTransaction(pool, async (client) => {
    const result = await appendInTransaction(client, stream, toAppend, {
      expectedRevision: loaded.revision,
    });
    const events = decided.map((event, index) => ({
      ...event,
      id: toAppend[index]!.id,
      revision: first + index,
    }));
    // Every id already in the stream: the store answers with the earlier append's result and
    // writes nothing. Our decision is not what was recorded, so take the conflict path: the
    // reloaded state then shows the command as already applied. The revision alone cannot
    // tell (the earlier append may sit exactly where ours would). Rows keyed by the event ids
    // tell by their unique key; without any, the transaction tells whether it wrote.
    if (options.inTransaction) await options.inTransaction(client, events);
    else if (result.lastCheckpoint.txId !== (await ownTransactionId(client)))
      throw new AlreadyAppended(stream);
    return { events, position: result.lastPosition };
  });
}

async function ownTransactionId(client: PoolClient): Promise<string | null> {
  const { rows } = await client.query<{ id: string | null }>(
    'SELECT pg_current_xact_id_if_assigned()::text AS id',
  );
  return rows[0]!.id;
}

class AlreadyAppended extends Error {
  constructor(stream: string) {
    super(`stream ${stream}: these event ids were appended earlier`);
  }
}

function isConcurrencyConflict(error: unknown): boolean {
  return (
    error instanceof WrongExpectedRevisionError ||
    error instanceof StaleTransactionError ||
    error instanceof AlreadyAppended ||
    (error as { code?: unknown } | null)?.code === '23505' // a unique race lost inside our transaction
  );
}
