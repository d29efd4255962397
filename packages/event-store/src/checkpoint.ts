/**
 * A place in the global log. The log is ordered by (txId, position), not by position alone:
 * with PostgreSQL a bigserial position is handed out when a row is inserted, not when its
 * transaction commits, so position 7 can become visible after position 8 was read. Ordering by
 * the writing transaction first, and reading only transactions older than every one still
 * running, gives an order in which nothing can appear behind a reader (see README).
 *
 * In KurrentDB the pair is (commit, prepare), the server's own order of `$all`.
 *
 * `txId` is a decimal string because transaction ids are 64-bit; `position` stays a number.
 */
export interface LogCheckpoint {
  readonly txId: string;
  readonly position: number;
}

/** Before the first event: reading after it reads the whole log. */
export const LOG_START: LogCheckpoint = Object.freeze({ txId: '0', position: 0 });

/** Negative when `a` comes before `b` in the global log, zero when equal, positive after. */
export function compareCheckpoints(a: LogCheckpoint, b: LogCheckpoint): number {
  const ta = BigInt(a.txId);
  const tb = BigInt(b.txId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.position - b.position;
}

/** One string for storing a checkpoint in a text column or a cursor: `<txId>:<position>`. */
export function formatCheckpoint(checkpoint: LogCheckpoint): string {
  return `${checkpoint.txId}:${checkpoint.position}`;
}

const FORMAT = /^(0|[1-9][0-9]{0,19}):(0|[1-9][0-9]{0,15})$/;

export function parseCheckpoint(text: string): LogCheckpoint {
  const match = FORMAT.exec(text);
  const position = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(position)) throw new RangeError(`not a log checkpoint: ${text}`);
  return { txId: match[1]!, position };
}
