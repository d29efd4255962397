/**
 * When to send a refused or failed request again, as the specification's error table advises:
 * one policy for every client of the service (the reference clients in examples/ use it).
 */
export interface RetryPolicy {
  /** Attempts per request before the caller gives up (and stops, to be run again). */
  maxAttempts: number;
  /** First wait after a 5xx or a network error; doubled per attempt (1 s, 2 s, 4 s...). */
  baseMs: number;
  capMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 12, baseMs: 1000, capMs: 60_000 };

/**
 * How long to wait before attempt `attempt + 1`, or null when the answer is final. 429: the
 * `Retry-After` seconds the service gives (at least 1). 5xx and network errors (status null):
 * exponential from `baseMs`, capped, with up to 20 % added at random so that many clients
 * refused at once do not come back at once.
 */
export function waitBeforeRetry(
  status: number | null,
  retryAfter: string | null,
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | null {
  if (attempt >= policy.maxAttempts) return null;
  if (status === 429) {
    const seconds = Number(retryAfter);
    return Number.isFinite(seconds) && seconds >= 1 ? seconds * 1000 : 1000;
  }
  if (status === null || status >= 500) {
    const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1));
    return Math.round(exponential * (1 + 0.2 * random()));
  }
  return null;
}
