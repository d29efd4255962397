import type { RecordedEvent } from './events.js';

/**
 * SQL and its values: placeholders numbered from $1 (the store renumbers them), casts where the
 * type is not clear from the context, no other `$` followed by a digit. The text is a constant of
 * the code (many rows go in as arrays, so it does not grow with them): the store names and
 * prepares each shape once per connection.
 */
export interface SqlWrite {
  text: string;
  values: readonly unknown[];
}

/**
 * The port's one hook for rows that must agree with the log: a table the write side keeps in step
 * with the events, written in the append's own commit where the log can hold it (PostgreSQL) and
 * by a checkpointed catch-up after the commit where it cannot (KurrentDB, or PostgreSQL with
 * `rows: after-commit`). The store knows no table: its owner (the write model, the HTTP layer)
 * gives the SQL. An append carries rows as data, each tagged with its projection (`projected`);
 * the projections that re-derive rows from events (`rowsOf`) are also handed to the store when it
 * is opened, for the catch-up.
 */
export interface InlineProjection<R = unknown> {
  /** Unique among a store's projections; names it in errors. */
  readonly name: string;
  /**
   * Writes rows of events the append wrote, as one data-modifying statement (`INSERT ... SELECT`,
   * `UPDATE ... FROM`, `DELETE ... USING`) that may read them as
   * `appended (stream_id, event_id, stream_revision, position)`. Keyed by their event: writing
   * the same rows twice (a catch-up after a crash) changes nothing (`ON CONFLICT ... DO NOTHING`,
   * updates to the same values).
   * - order `any` (the default): every row of the projection in the append goes in as one array
   *   statement, a part of the append's own statement on PostgreSQL (one round trip, shared by a
   *   group commit); it must join `appended`, since it runs whatever the checks decide.
   *   Being a part of that statement, its own WITH may hold no data-modifying query.
   * - order `log`: rows whose order matters (two rows of one write touching one record): one
   *   statement per row, in order, in the append's transaction after its statement, only when the
   *   events were written; after the commit, only the catch-up writes them, in log order.
   */
  write(rows: readonly R[]): SqlWrite;
  readonly order?: 'any' | 'log';
  /**
   * The rows an event of the log carries, as its append carried them: what the catch-up writes
   * again after a crash. Absent: its rows are not facts of the events (a key's answer), and a
   * crash between a commit and its rows loses them. Required for order `log`.
   */
  rowsOf?(event: RecordedEvent): R[];
  /**
   * Order `log` only: the rows of a batch of the log's events (`rowsOf`, in log order) as a fixed
   * number of row lists, one write each, in order, whatever the batch's size, that leave exactly
   * the rows writing them one by one would (a later event may change what an earlier one wrote).
   * The catch-up then sends a constant number of statements per batch. Absent: one write per row.
   */
  collapse?(rows: readonly R[]): readonly (readonly R[])[];
  /**
   * Its table's own unique constraints, by name, with the uniqueness scope each stands for: a row
   * that breaks one holds a key the append's claims did not name (UniquenessConflictError).
   */
  readonly uniqueConstraints?: Readonly<Record<string, string>>;
}

/** A row as an append carries it: data, tagged with the projection that writes it. */
export interface ProjectedRow<R = unknown> {
  readonly projection: InlineProjection<R>;
  readonly row: R;
}

export const projected = <R>(projection: InlineProjection<R>, row: R): ProjectedRow => ({
  projection: projection as InlineProjection<unknown>,
  row,
});

/**
 * A key that one record of a company holds at a time (a SKU, a tax id). Claimed by the append that
 * gives it to `owner`, released by the one that takes it away. PostgreSQL in its default mode holds
 * them in `write_side_unique_keys`; an adapter whose rows come after the commit claims them in the
 * log itself (reservation streams appended atomically with the events).
 */
export interface UniqueKey {
  /** What kind of key, as its owner names it (`produto_sku`): keys of two scopes never collide. */
  scope: string;
  empresaId: string;
  value: string;
}

export interface UniquenessChange {
  op: 'claim' | 'release';
  key: UniqueKey;
  /** The record id that holds (or held) the key. */
  owner: string;
}

/**
 * A condition outside the streams that the caller decided on and that must still hold when the
 * events are written: a query (see SqlWrite) returning the rows that break it, each row's first
 * column naming what broke it. PostgreSQL runs it in the append's own snapshot; an adapter whose
 * log is elsewhere runs it just before the append (weaker: a change in between goes unseen).
 */
export type WriteGuard = SqlWrite;

/**
 * A decided state of a stream at `revision`, of a kind (the decider's name): an optimisation that
 * only ever moves forward. Written with the append that writes `eventId` (the stream's last event
 * in it); `loadStreams` reads the latest of a kind.
 */
export interface SnapshotWrite {
  kind: string;
  stream: string;
  eventId: string;
  revision: number;
  data: unknown;
}
