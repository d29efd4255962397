import { type InlineProjection, type ProjectedRow, projected } from '@factory/event-store';

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
}

export const completeRow = <S>(row: DecidedRow<S>, eventId: string, subject: S): ProjectedRow =>
  projected(row.projection, { ...row.fields, eventId, subject });
