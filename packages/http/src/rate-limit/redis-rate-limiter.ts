import type { Redis } from 'ioredis';
import { decide, type RateDecision, type RateLimiter, type RateLimits, windowOf } from './rate-limiter.js';

// Hand-written rather than a rate-limit library: both windows (token and company) must be
// checked and counted together in one round trip, and a refused call must count against
// neither, so one runaway token cannot eat its company's budget. No library we found does
// two keys atomically.
const CONSUME_SCRIPT = `
local token = tonumber(redis.call('GET', KEYS[1]) or '0')
local company = tonumber(redis.call('GET', KEYS[2]) or '0')
if token >= tonumber(ARGV[1]) or company >= tonumber(ARGV[2]) then
  return {0, token, company}
end
token = redis.call('INCR', KEYS[1])
company = redis.call('INCR', KEYS[2])
if token == 1 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if company == 1 then redis.call('EXPIRE', KEYS[2], ARGV[3]) end
return {1, token, company}
`;

type ConsumeReply = [number, number, number];

declare module 'ioredis' {
  interface RedisCommander {
    factoryRateConsume(
      tokenKey: string,
      companyKey: string,
      perToken: number,
      perCompany: number,
      ttl: number,
    ): Promise<ConsumeReply>;
  }
}

export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #limits: RateLimits;
  readonly #prefix: string;

  constructor(redis: Redis, limits: RateLimits, keyPrefix = 'rl') {
    this.#redis = redis;
    this.#limits = limits;
    this.#prefix = keyPrefix;
    if (typeof (redis as Partial<Redis>).factoryRateConsume !== 'function')
      redis.defineCommand('factoryRateConsume', { numberOfKeys: 2, lua: CONSUME_SCRIPT });
  }

  async consume(tokenId: string, empresaId: string, now: Date): Promise<RateDecision> {
    const { id } = windowOf(now);
    const [allowed, token, company] = await this.#redis.factoryRateConsume(
      `${this.#prefix}:t:${tokenId}:${id}`,
      `${this.#prefix}:e:${empresaId}:${id}`,
      this.#limits.perToken,
      this.#limits.perCompany,
      120, // keys outlive their minute a little, in case clocks of instances differ
    );
    return decide(this.#limits, now, { allowed: allowed === 1, token, company });
  }
}
