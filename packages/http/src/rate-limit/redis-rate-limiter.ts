import type { Redis } from 'ioredis';
import { decide, type RateDecision, type RateLimiter, type RateLimits, windowOf } from './rate-limiter.js';

// Hand-written rather than a rate-limit library: both windows (token and company) must be
// checked and counted together in one round trip, and a refused call must count against
// neither, so one runaway token cannot eat its company's budget. No library we found does
// two keys atomically. It takes ARGV[4] calls at once and allows as many as one call at a time
// would have (the first k, k = what both windows have left), so a burst of one token's calls
// costs one script run.
const CONSUME_SCRIPT = `
local calls = tonumber(ARGV[4])
local token = tonumber(redis.call('GET', KEYS[1]) or '0')
local company = tonumber(redis.call('GET', KEYS[2]) or '0')
local allowed = math.min(calls, tonumber(ARGV[1]) - token, tonumber(ARGV[2]) - company)
if allowed <= 0 then
  return {0, token, company}
end
token = redis.call('INCRBY', KEYS[1], allowed)
company = redis.call('INCRBY', KEYS[2], allowed)
if token == allowed then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if company == allowed then redis.call('EXPIRE', KEYS[2], ARGV[3]) end
return {allowed, token, company}
`;

/** How many of the calls were allowed, and both windows' counts after them. */
type ConsumeReply = [allowed: number, token: number, company: number];

declare module 'ioredis' {
  interface RedisCommander {
    factoryRateConsumeMany(
      tokenKey: string,
      companyKey: string,
      perToken: number,
      perCompany: number,
      ttl: number,
      calls: number,
    ): Promise<ConsumeReply>;
  }
}

interface Waiting {
  now: Date;
  resolve(decision: RateDecision): void;
  reject(error: unknown): void;
}

interface Group {
  tokenKey: string;
  companyKey: string;
  calls: Waiting[];
}

export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #limits: RateLimits;
  readonly #prefix: string;
  // The calls of one turn of the event loop, by window pair: every request passes here, and
  // under load many of one token's arrive in the same turn; each group is one script run.
  #pending = new Map<string, Group>();

  constructor(redis: Redis, limits: RateLimits, keyPrefix = 'rl') {
    this.#redis = redis;
    this.#limits = limits;
    this.#prefix = keyPrefix;
    if (typeof (redis as Partial<Redis>).factoryRateConsumeMany !== 'function')
      redis.defineCommand('factoryRateConsumeMany', { numberOfKeys: 2, lua: CONSUME_SCRIPT });
  }

  consume(tokenId: string, empresaId: string, now: Date): Promise<RateDecision> {
    const { id } = windowOf(now);
    const tokenKey = `${this.#prefix}:t:${tokenId}:${id}`;
    const companyKey = `${this.#prefix}:e:${empresaId}:${id}`;
    return new Promise((resolve, reject) => {
      // Deferred like ioredis's auto-pipelining: what the same turn brings goes together.
      if (this.#pending.size === 0) setImmediate(() => this.#flush());
      const pair = `${tokenKey} ${companyKey}`;
      let group = this.#pending.get(pair);
      if (!group) {
        group = { tokenKey, companyKey, calls: [] };
        this.#pending.set(pair, group);
      }
      group.calls.push({ now, resolve, reject });
    });
  }

  #flush(): void {
    const groups = this.#pending;
    this.#pending = new Map();
    for (const group of groups.values()) void this.#run(group);
  }

  async #run({ tokenKey, companyKey, calls }: Group): Promise<void> {
    let reply: ConsumeReply;
    try {
      reply = await this.#redis.factoryRateConsumeMany(
        tokenKey,
        companyKey,
        this.#limits.perToken,
        this.#limits.perCompany,
        120, // keys outlive their minute a little, in case clocks of instances differ
        calls.length,
      );
    } catch (error) {
      for (const call of calls) call.reject(error);
      return;
    }
    const [allowed, token, company] = reply;
    // The allowed ones counted in arrival order, each seeing the counts right after its own
    // call; the refused ones see the counts as they stand (they did not count).
    for (const [i, call] of calls.entries()) {
      const counts =
        i < allowed
          ? { allowed: true, token: token - allowed + i + 1, company: company - allowed + i + 1 }
          : { allowed: false, token, company };
      call.resolve(decide(this.#limits, call.now, counts));
    }
  }
}
