// Errors that mean "the database cannot be reached right now", as opposed to a bad query.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);
// SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: shutdown, crash).
const SQLSTATE = /^(08|57P0)/;

/**
 * A write that kept losing to concurrent writers of the same streams until its deadline: the
 * database answers, but is too busy for this write now. Treated as unavailable (the client is
 * told to retry later, with the same Idempotency-Key), never as a bug.
 */
export class ContentionDeadlineError extends Error {
  override readonly name = 'ContentionDeadlineError';
  constructor(
    /** What kept moving under the write (streams, uniqueness scopes). */
    readonly contended: readonly string[],
    readonly attempts: number,
    readonly waitedMs: number,
  ) {
    super(
      `still losing to concurrent writers after ${(waitedMs / 1000).toFixed(1)} s and ${attempts} attempts: ${contended.join(', ') || 'unknown'}`,
    );
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ContentionDeadlineError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}
