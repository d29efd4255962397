import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, waitBeforeRetry } from './retry-policy.js';

describe('waitBeforeRetry', () => {
  const none = () => 0;
  it('waits the Retry-After seconds of a 429, at least one second', () => {
    expect(waitBeforeRetry(429, '7', 1, DEFAULT_RETRY, none)).toBe(7000);
    expect(waitBeforeRetry(429, null, 1, DEFAULT_RETRY, none)).toBe(1000);
    expect(waitBeforeRetry(429, 'Wed, 21 Oct 2015 07:28:00 GMT', 1, DEFAULT_RETRY, none)).toBe(1000);
  });
  it('doubles from one second on 5xx and network errors, capped, with at most 20 % added', () => {
    expect([1, 2, 3, 4].map((a) => waitBeforeRetry(503, null, a, DEFAULT_RETRY, none))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(waitBeforeRetry(null, null, 10, DEFAULT_RETRY, none)).toBe(60_000);
    expect(waitBeforeRetry(500, null, 1, DEFAULT_RETRY, () => 1)).toBe(1200);
  });
  it('never retries a refusal, nor past the last attempt', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422])
      expect(waitBeforeRetry(status, null, 1, DEFAULT_RETRY, none)).toBeNull();
    expect(waitBeforeRetry(503, null, DEFAULT_RETRY.maxAttempts, DEFAULT_RETRY, none)).toBeNull();
  });
});
