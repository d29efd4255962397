import type { ExpectedRevision, StreamRevision } from './event-store.js';
import type { UniqueKey } from './write-side.js';

/**
 * The stream moved on since the caller read it. The command handler catches this, reads the
 * stream again, decides again and retries (invariant 2).
 */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: StreamRevision,
  ) {
    super(`stream ${stream}: expected revision ${expected}, actual ${actual}`);
  }
}

/**
 * Some of the event ids being appended are already in the log, but the append is not a plain
 * retry of an earlier one: only part of the batch exists, or an id belongs to another stream.
 * Nothing is written. Event ids derive from (token, Idempotency-Key), so this means a key was
 * reused for a different write; it is never safe to write the rest silently.
 */
export class DuplicateEventIdsError extends Error {
  override readonly name = 'DuplicateEventIdsError';
  constructor(
    readonly stream: string,
    readonly existingIds: readonly string[],
  ) {
    super(
      `stream ${stream}: event ids already in the log and not a retry of one append: ${existingIds.join(', ')}`,
    );
  }
}

/**
 * An append's uniqueness claim lost: another record of the company holds the key (a SKU, an
 * alias, a tax id). Nothing is written. The caller resolves its facts again and decides again,
 * so that it sees the holder. `scopes` says which kinds of key collided; `keys` the keys when the
 * adapter knows them.
 */
export class UniquenessConflictError extends Error {
  override readonly name = 'UniquenessConflictError';
  constructor(
    readonly scopes: readonly UniqueKey['scope'][],
    readonly keys: readonly UniqueKey[] = [],
  ) {
    super(`uniqueness conflict on ${scopes.join(', ') || 'a write-side key'}`);
  }
}
