import { type InlineProjection, type ProjectedRow, projected, type WriteGuard } from '@factory/event-store';

/** What a write adds to a caller's row: the event the row follows and what the write decided. */
export interface DecidedFields<S> {
  eventId: string;
  subject: S;
}

/**
 * A row a caller wants committed with a write and made of what the write decides (an
 * idempotency key's answer, made of the movement): the caller's projection and its own fields,
 * as data. The write completes it with its event id and decided subject and hands it to the store
 * with its other rows; the projection (the caller's, wired once) makes the SQL. Nothing of the
 * caller is called by the write: the row only travels down.
 */
export interface DecidedRow<S> {
  projection: InlineProjection<DecidedFields<S>>;
  fields: object;
  /**
   * A key the row must be the first to hold (an idempotency key's first answer): the write's
   * append checks, with one `guard` over every such key of its batch, that none is held yet
   * (the guard returns the held ones, named as `id`). A held one refuses its write only
   * (`key_in_use`); the row's own unique index settles a race after the append's snapshot.
   */
  unique?: { guard: (ids: readonly string[]) => WriteGuard; id: string };
}

export const completeRow = <S>(row: DecidedRow<S>, eventId: string, subject: S): ProjectedRow =>
  projected(row.projection, { ...row.fields, eventId, subject });
