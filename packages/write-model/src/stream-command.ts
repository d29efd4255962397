import {
  DuplicateEventIdsError,
  type EventMetadata,
  type EventShape,
  type EventStore,
  type ProjectedRow,
  type SnapshotWrite,
  type StreamAppend,
  type UniquenessChange,
} from '@factory/event-store';
import type { Decider, SnapshotCodec } from './decider.js';
import type { CommandWrite } from './handle-command.js';
import { catchUp, type LoadedStream, loadStream } from './load-stream.js';

export type AppendedEvent<E> = E & { id: string; revision: number };

export interface CommandHandlerDeps<S, C, E extends EventShape, Err> {
  /** Streams are read and appended through the port, rows and claims included. */
  store: EventStore;
  decider: Decider<S, C, E, Err>;
  /** How states are snapshotted; none: the stream is folded whole each time. */
  snapshots?: SnapshotCodec<S>;
  /** Save a snapshot once the stream is this many events past the last one (25). */
  snapshotEvery?: number;
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
  /** The inline projections' rows of the decided events (data), written with them. */
  rows?: (events: AppendedEvent<E>[], decidedOn: S) => ProjectedRow[];
  /** The unique keys the decided events claim or release, given the state they were decided on. */
  uniqueness?: (events: AppendedEvent<E>[], decidedOn: S) => UniquenessChange[];
}

/** The command and the stream it is decided on. */
export interface StreamTarget<C> {
  stream: string;
  command: C;
  /**
   * Appends to other streams in the same atomic write (a fence several commands append to, so
   * that they serialise), at the revisions read with the command's facts.
   */
  alongside?: StreamAppend[];
}

/**
 * A target as such, or read afresh before each attempt: a command carrying facts from outside
 * its stream (write-side rows, a fence's revision), whose record may even be another one by then
 * (found by a key another writer claimed meanwhile).
 */
export type TargetOf<C> = StreamTarget<C> | (() => Promise<StreamTarget<C>>);

export type CommandResult<S, E, Err> =
  | {
      kind: 'appended';
      events: AppendedEvent<E>[];
      position: number;
      state: S;
      /** True when an earlier attempt with the same ids had appended them (these are its events). */
      replayed: boolean;
    }
  | { kind: 'already_applied'; state: S }
  | { kind: 'refused'; error: Err };

const SNAPSHOT_EVERY = 25;

/**
 * One command against one stream, as `handleCommand` runs it:
 * 1. Read the target when it is read afresh each attempt (its facts, its fence's revision). Load
 *    the stream's state: latest snapshot plus the events after it (later attempts on the same
 *    stream fold in only what was appended since).
 * 2. Decide with the pure decider; a refusal is the answer.
 * 3. Append with the expected revision, with the rows, claims and streams alongside, atomically
 *    (a snapshot too, once the stream is `snapshotEvery` past the last).
 * 4. Not written: the ids already there, each in its own stream, mean an earlier attempt of this
 *    command wrote it, and its events are the answer. A stream moved (its own, or one alongside),
 *    or, for a target read afresh, a key claimed meanwhile: decide again, from 1.
 */
export function streamCommand<S, C, E extends EventShape, Err>(
  deps: CommandHandlerDeps<S, C, E, Err>,
  target: TargetOf<C>,
  options: CommandOptions<S, E>,
): CommandWrite<CommandResult<S, E, Err>> {
  const { decider, store } = deps;
  const readAfresh = typeof target === 'function';
  let loaded: { stream: string; state: LoadedStream<S> } | null = null;
  return {
    async decide() {
      // 1.
      const { stream, command, alongside = [] } = typeof target === 'function' ? await target() : target;
      const from: LoadedStream<S> =
        loaded?.stream === stream
          ? await catchUp(store, decider, stream, loaded.state)
          : await loadStream(store, deps.snapshots, decider, stream);
      loaded = { stream, state: from };
      if (options.alreadyApplied?.(from.state))
        return { answer: { kind: 'already_applied', state: from.state } };
      // 2.
      const decision = decider.decide(command, from.state);
      if (!decision.ok) return { answer: { kind: 'refused', error: decision.error } };
      // 3.
      const first = from.revision === 'no_stream' ? 0 : from.revision + 1;
      const events = decision.events.map((event, index) => ({
        ...event,
        id: options.eventId(index),
        revision: first + index,
      }));
      const state = events.reduce<S>((s, event) => decider.evolve(s, event), from.state);
      const streams: StreamAppend[] = [
        {
          stream,
          events: events.map(({ revision: _, ...event }) => ({
            ...event,
            metadata: options.metadata,
            created: options.created,
          })),
          expectedRevision: from.revision,
        },
        ...alongside,
      ];
      return {
        request: {
          streams,
          rows: options.rows?.(events, from.state) ?? [],
          snapshots: snapshotWrites(deps, stream, from, events, state),
          uniqueness: options.uniqueness?.(events, from.state) ?? [],
        },
        written(outcome) {
          const ids = new Set(events.map((e) => e.id));
          const position = Math.max(...outcome.events.filter((e) => ids.has(e.id)).map((e) => e.position));
          return { kind: 'appended', events, position, state, replayed: false };
        },
        async refused(outcome) {
          // 4.
          if (outcome.existing.length > 0) {
            const home = new Map(streams.flatMap((s) => s.events.map((e) => [e.id, s.stream] as const)));
            const ours = outcome.existing.filter((e) => e.stream === stream);
            if (ours.length < events.length || outcome.existing.some((e) => home.get(e.id) !== e.stream))
              throw new DuplicateEventIdsError(
                stream,
                outcome.existing.map((e) => e.id),
              );
            const now = await catchUp(store, decider, stream, from);
            loaded = { stream, state: now };
            if (options.alreadyApplied?.(now.state))
              return { answer: { kind: 'already_applied', state: now.state } };
            return { answer: await replayed(store, stream, ours, now.state) };
          }
          return 'retry';
        },
        // Only facts read again can show who holds the key now.
        ...(readAfresh ? { claimLost: () => 'retry' as const } : {}),
      };
    },
  };
}

/** The snapshot due with these events (the stream `snapshotEvery` past its last one), if any. */
export function snapshotWrites<S, E extends EventShape>(
  deps: CommandHandlerDeps<S, unknown, E, unknown>,
  stream: string,
  loaded: LoadedStream<S>,
  events: AppendedEvent<E>[],
  state: S,
): SnapshotWrite[] {
  const last = events.at(-1);
  if (!deps.snapshots || last === undefined) return [];
  if (last.revision - loaded.snapshotRevision < (deps.snapshotEvery ?? SNAPSHOT_EVERY)) return [];
  return [
    {
      kind: deps.snapshots.kind,
      eventId: last.id,
      stream,
      revision: last.revision,
      data: deps.snapshots.encode(state),
    },
  ];
}

/** An earlier attempt's events, read back where the store found them, as this command's answer. */
async function replayed<S, E extends EventShape, Err>(
  store: EventStore,
  stream: string,
  refs: ReadonlyArray<{ revision: number; position: number }>,
  state: S,
): Promise<CommandResult<S, E, Err>> {
  const from = Math.min(...refs.map((r) => r.revision));
  const read = await store.readStream<E>(stream, { fromRevision: from, limit: refs.length });
  return {
    kind: 'appended',
    events: read.map((e) => ({ ...({ type: e.type, data: e.data } as E), id: e.id, revision: e.revision })),
    position: Math.max(...refs.map((r) => r.position)),
    state,
    replayed: true,
  };
}
