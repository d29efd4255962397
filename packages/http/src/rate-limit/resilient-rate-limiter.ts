import type { Logger } from 'pino';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

/**
 * Uses the shared (Redis) limiter, and this instance's own limiter while the shared one fails,
 * so an unreachable Redis never turns into a 500. The outage is logged once, and its end too.
 */
export class ResilientRateLimiter implements RateLimiter {
  #degraded = false;

  constructor(
    private readonly shared: RateLimiter,
    private readonly local: RateLimiter,
    private readonly log: Logger,
  ) {}

  async consume(tokenId: string, empresaId: string, now: Date): Promise<RateDecision> {
    try {
      const decision = await this.shared.consume(tokenId, empresaId, now);
      if (this.#degraded) {
        this.#degraded = false;
        this.log.info('rate limits: Redis is back, shared limits restored');
      }
      return decision;
    } catch (error) {
      if (!this.#degraded) {
        this.#degraded = true;
        this.log.warn(
          { err: error },
          'rate limits: Redis unreachable, using in-process limits for this instance',
        );
      }
      return this.local.consume(tokenId, empresaId, now);
    }
  }
}
