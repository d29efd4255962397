import type { ExpectedRevision, StreamRevision } from './event-store.js';

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
