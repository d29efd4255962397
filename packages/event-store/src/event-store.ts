import type { LogCheckpoint } from './checkpoint.js';
import type { EventShape, EventToAppend, RecordedEvent } from './events.js';
import type { ProjectedRow, SnapshotWrite, UniquenessChange, WriteGuard } from './write-side.js';

export type { EventMetadata, EventShape, EventToAppend, RecordedEvent } from './events.js';

/** The revision of a stream's last event, or `no_stream` before its first. */
export type StreamRevision = number | 'no_stream';

/**
 * `no_stream`: the stream must not exist yet; a number: its last event must have this
 * revision; `any`: no check (for streams with a single writer only).
 */
export type ExpectedRevision = StreamRevision | 'any';

export interface AppendOptions {
  /** Required on purpose: forgetting it must not silently mean `any`. */
  expectedRevision: ExpectedRevision;
}

export interface AppendResult {
  /** The revision of the last event now in the stream; pass it as the next expected revision. */
  nextExpectedRevision: number;
  /** The global position of the last event appended (the `X-Posicao-Log` header). */
  lastPosition: number;
  lastCheckpoint: LogCheckpoint;
}

export interface ReadStreamOptions {
  /** First revision to return; 0 by default. */
  fromRevision?: number;
  limit?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this checkpoint; the start of the log by default. */
  after?: LogCheckpoint;
  /** At most this many events (1000 by default). Fewer means the reader is at the readable end. */
  limit?: number;
}

export interface CountEventsOptions {
  after: LogCheckpoint;
  upTo?: LogCheckpoint;
}

export interface LogHead {
  /** The last committed event in log order, or LOG_START for an empty log. */
  checkpoint: LogCheckpoint;
  /**
   * A time no later than the read of the head: everything committed before `at` is at or
   * before `checkpoint`. A projector whose checkpoint has reached `checkpoint` was at the head
   * of the log at `at` (invariant 7 needs that instant).
   */
  at: Date;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this checkpoint (the projector's stored checkpoint). */
  after?: LogCheckpoint;
  batchSize?: number;
  /**
   * Called with each batch, one call at a time, in log order. The next batch starts after this
   * one's last event once the promise resolves. A rejection ends the subscription: `done`
   * rejects with the error and the caller restarts from its stored checkpoint.
   */
  handle: (events: RecordedEvent[]) => Promise<void>;
  /** Longest idle wait between reads when no wake-up arrives (1000 ms by default). */
  pollIntervalMs?: number;
  /** Reading or listening failed; the subscription keeps trying. */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops after the batch being handled, if any. */
  close(): Promise<void>;
  /** Settles when the subscription ends: resolves after close(), rejects when `handle` throws. */
  readonly done: Promise<void>;
}

/** One stream's part of an append: its events, in order, and the revision it must be at. */
export interface StreamAppend {
  stream: string;
  events: readonly EventToAppend[];
  expectedRevision: ExpectedRevision;
}

/** Everything one write commits: several streams atomically, with its rows, claims, guards and snapshots. */
export interface AppendRequest {
  streams: readonly StreamAppend[];
  /** Rows of inline projections (data tagged with their projection), written with the events. */
  rows?: readonly ProjectedRow[];
  uniqueness?: readonly UniquenessChange[];
  /** Conditions that must still hold; any row of one, and nothing is written (`failedChecks`). */
  checks?: readonly WriteGuard[];
  snapshots?: readonly SnapshotWrite[];
}

/** Where an event landed: in this append, or in an earlier one that carried its id. */
export interface AppendedRef {
  id: string;
  stream: string;
  revision: number;
  position: number;
  checkpoint: LogCheckpoint;
}

/**
 * What an append did: wrote every stream's events (and its rows), or nothing and why. Several
 * reasons may hold at once; all of them are reported.
 */
export type AppendOutcome =
  | { written: true; events: AppendedRef[] }
  | {
      written: false;
      /**
       * Events already in the log carrying one of the ids: an earlier attempt of the same write
       * (every id of a stream found in that stream), or a key reused for another write.
       */
      existing: AppendedRef[];
      /** Streams not at their expected revision. */
      conflicts: Array<{ stream: string; expected: ExpectedRevision; actual: StreamRevision }>;
      /** Per check, in the order given, what broke it: each breaking row's first column, as text. */
      failedChecks: string[][];
    };

/** What the write side decides on: a stream's latest snapshot of a kind and the events after it. */
export interface StreamToLoad {
  stream: string;
  /** The snapshot kind to start from (SnapshotWrite's); none: the whole stream. */
  snapshot?: string;
}

export interface LoadedStreamData {
  stream: string;
  /** Null when there is none of that kind (or none was asked for). */
  snapshot: { revision: number; data: unknown } | null;
  /** The events after the snapshot's revision (all of them without one), in revision order. */
  events: RecordedEvent[];
}

/** The event store port. Every adapter passes `runEventStoreContract`. */
export interface EventStore {
  /**
   * True when `append` writes its rows in the events' own commit, so that a row's unique index
   * decides with the events (PostgreSQL's default mode). Absent or false: rows come after the
   * commit (KurrentDB, `rows: after-commit`), and nothing may rest on a row's index at commit.
   */
  readonly rowsCommitWithEvents?: boolean;
  /**
   * Appends atomically to one stream. Throws WrongExpectedRevisionError on a conflict.
   * Idempotent by event id: when every id is already in this stream, nothing is written and
   * the result of the original append is returned (invariant 3); when only some are, or an id
   * is in another stream, throws DuplicateEventIdsError and writes nothing.
   */
  appendToStream(
    stream: string,
    events: readonly EventToAppend[],
    options: AppendOptions,
  ): Promise<AppendResult>;
  readStream<E extends EventShape = EventShape>(
    stream: string,
    options?: ReadStreamOptions,
  ): Promise<RecordedEvent<E>[]>;
  /**
   * What the write side decides on, for several streams at once: per stream, in the order asked,
   * its latest snapshot of the kind asked (null without one) and every committed event after the
   * snapshot's revision (the whole stream without one), in revision order. Reads whatever is
   * committed (not the gap-free cut of `readAll`); revisions are dense, and the append's expected
   * revision checks what was read. A snapshot never runs ahead of its stream.
   */
  loadStreams(streams: readonly StreamToLoad[]): Promise<LoadedStreamData[]>;
  /**
   * One write: appends to every stream of `request.streams` atomically (all or nothing, each at
   * its expected revision), with the projections' rows, uniqueness changes, checks and
   * snapshots it carries.
   * - Written: every event is in the log, in the order given (streams in order, events in
   *   order), and every row of `request.rows` is written by its projection: in the append's own
   *   commit, or, where the adapter writes rows after the commit, before `writeSideRowsCurrent()`
   *   next resolves (after a crash, re-derived from the log by the projections the store was
   *   opened with). Writing a row twice changes nothing.
   * - Not written (nothing at all is): an event id already in the log (`existing`: a retry of an
   *   earlier write when every id of a stream is in that stream, else a reused key), a stream
   *   not at its expected revision (`conflicts`), a check that no longer holds (`failedChecks`).
   *   A race lost to a concurrent writer is never reported as an error of the store: the adapter
   *   checks again against what the winner wrote and answers with one of these.
   * - A uniqueness claim of `request.uniqueness` held by another owner throws
   *   UniquenessConflictError and writes nothing. Claims are atomic with the events: of two
   *   writes claiming one key, exactly one is written. (Adapters whose rows come after the
   *   commit must claim in the log, never rely on the rows' unique indexes.)
   * Listeners are woken after the commit.
   */
  append(request: AppendRequest): Promise<AppendOutcome>;
  /**
   * Resolves once the write-side rows of every event committed before the call are written:
   * call it before reading a write-side row (an index, a uniqueness holder, the bill graph). A
   * no-op where rows commit with their events; where they come after the commit, a checkpointed
   * catch-up that re-derives any missing row from the log (its projections' `rowsOf`).
   */
  writeSideRowsCurrent(): Promise<void>;
  /**
   * The global log in order, after a checkpoint. Never skips an event that commits late: an
   * event shows up only once nothing can commit before it any more.
   */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  readHead(): Promise<LogHead>;
  /**
   * How many events lie after `after`, up to `upTo` included (the head by default): a
   * projection's lag, a rebuild's size. Exact for what is committed when it runs.
   */
  countEvents(options: CountEventsOptions): Promise<number>;
  /** The checkpoint of the event at a global position (what `X-Posicao-Log` names), if any. */
  checkpointOf(position: number): Promise<LogCheckpoint | null>;
  /** Follows the log: reads in batches, wakes up on appends, polls as a fallback. */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Ends the store's subscriptions and connections it opened itself (never a pool it was given). */
  close(): Promise<void>;
}
