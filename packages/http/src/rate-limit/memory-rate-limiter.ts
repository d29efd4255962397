import { decide, type RateDecision, type RateLimiter, type RateLimits, windowOf } from './rate-limiter.js';

/** Per-process fixed windows: the single-process mode, and the fallback while Redis is away. */
export class MemoryRateLimiter implements RateLimiter {
  readonly #limits: RateLimits;
  #window = -1;
  #counts = new Map<string, number>();

  constructor(limits: RateLimits) {
    this.#limits = limits;
  }

  async consume(tokenId: string, empresaId: string, now: Date): Promise<RateDecision> {
    const { id } = windowOf(now);
    if (id !== this.#window) {
      this.#window = id;
      this.#counts = new Map();
    }
    const tokenKey = `t:${tokenId}`;
    const companyKey = `e:${empresaId}`;
    const token = this.#counts.get(tokenKey) ?? 0;
    const company = this.#counts.get(companyKey) ?? 0;
    if (token >= this.#limits.perToken || company >= this.#limits.perCompany) {
      return decide(this.#limits, now, { allowed: false, token, company });
    }
    this.#counts.set(tokenKey, token + 1);
    this.#counts.set(companyKey, company + 1);
    return decide(this.#limits, now, { allowed: true, token: token + 1, company: company + 1 });
  }
}
