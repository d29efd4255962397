export interface RateLimits {
  perToken: number;
  perCompany: number;
}

export interface RateDecision {
  allowed: boolean;
  /** X-RateLimit-Limit: the token limit. */
  limit: number;
  /** X-RateLimit-Remaining: the token's calls left, never more than the company's. */
  remaining: number;
  /** X-RateLimit-Reset: Unix seconds of the next minute boundary. */
  reset: number;
  /** Retry-After in seconds (at least 1), meaningful when not allowed. */
  retryAfter: number;
}

/** Counts one call against the token's and the company's fixed one-minute windows, atomically. */
export interface RateLimiter {
  consume(tokenId: string, empresaId: string, now: Date): Promise<RateDecision>;
}

/** The minute window `now` falls in (windows are aligned to the clock minute). */
export function windowOf(now: Date): { id: number; reset: number } {
  const id = Math.floor(now.getTime() / 60_000);
  return { id, reset: (id + 1) * 60 };
}

/** Builds the decision from the counts after the call (or at refusal, before it). */
export function decide(
  limits: RateLimits,
  now: Date,
  counts: { allowed: boolean; token: number; company: number },
): RateDecision {
  const { reset } = windowOf(now);
  const remaining = Math.max(0, Math.min(limits.perToken - counts.token, limits.perCompany - counts.company));
  return {
    allowed: counts.allowed,
    limit: limits.perToken,
    remaining,
    reset,
    retryAfter: Math.max(1, Math.ceil(reset - now.getTime() / 1000)),
  };
}
