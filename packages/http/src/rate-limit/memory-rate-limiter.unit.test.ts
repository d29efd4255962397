import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './memory-rate-limiter.js';

const at = (iso: string) => new Date(iso);

describe('MemoryRateLimiter', () => {
  it('counts per token and per company in fixed clock-minute windows', async () => {
    const limiter = new MemoryRateLimiter({ perToken: 2, perCompany: 3 });
    const now = at('2026-11-22T10:00:30Z');
    expect(await limiter.consume('t1', 'e', now)).toMatchObject({
      allowed: true,
      limit: 2,
      remaining: 1,
      reset: Date.parse('2026-11-22T10:01:00Z') / 1000,
    });
    expect(await limiter.consume('t1', 'e', now)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.consume('t1', 'e', now)).toMatchObject({
      allowed: false,
      remaining: 0,
      retryAfter: 30,
    });
    // the company has one call left: another token gets it, and is then capped by the company
    expect(await limiter.consume('t2', 'e', now)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.consume('t2', 'e', now)).toMatchObject({ allowed: false });
    // a new minute starts afresh
    expect(await limiter.consume('t1', 'e', at('2026-11-22T10:01:00Z'))).toMatchObject({
      allowed: true,
      remaining: 1,
    });
  });

  it('never answers a Retry-After below one second', async () => {
    const limiter = new MemoryRateLimiter({ perToken: 1, perCompany: 10 });
    const now = at('2026-11-22T10:00:59.900Z');
    await limiter.consume('t', 'e', now);
    expect((await limiter.consume('t', 'e', now)).retryAfter).toBe(1);
  });
});
