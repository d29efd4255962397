import type { Redis, Result } from 'ioredis';
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
  interface RedisCommander<Context> {
    factoryRateConsumeMany(
      tokenKey: string,
      companyKey: string,
      perToken: number,
      perCompany: number,
      ttl: number,
      calls: number,
    ): Result<ConsumeReply, Context>;
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
  // under load many of one token's arrive in the same turn; each group is one script run. When
  // the company's budget runs out within a turn, its tokens' groups take it in their order, not
  // their calls' (calls of one turn have no order a client could rely on).
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

  /**
   * Sends the turn's runs at once: one command, or several in one pipeline (one write). Sent
   * from here, not deferred again: the client given by createRateLimiter does not auto-pipeline.
   */
  #flush(): void {
    const groups = [...this.#pending.values()];
    this.#pending = new Map();
    const args = ({ tokenKey, companyKey, calls }: Group) =>
      [
        tokenKey,
        companyKey,
        this.#limits.perToken,
        this.#limits.perCompany,
        120, // keys outlive their minute a little, in case clocks of instances differ
        calls.length,
      ] as const;
    if (groups.length === 1) {
      const [group] = groups as [Group];
      this.#redis.factoryRateConsumeMany(...args(group)).then(
        (reply) => this.#settle(group, reply),
        (error: unknown) => this.#fail(group, error),
      );
      return;
    }
    const pipeline = this.#redis.pipeline();
    for (const group of groups) pipeline.factoryRateConsumeMany(...args(group));
    pipeline.exec().then(
      (replies) =>
        groups.forEach((group, i) => {
          const [error, reply] = replies?.[i] ?? [new Error('rate limits: no reply from Redis'), null];
          if (error) this.#fail(group, error);
          else this.#settle(group, reply as ConsumeReply);
        }),
      (error: unknown) => {
        for (const group of groups) this.#fail(group, error);
      },
    );
  }

  #fail({ calls }: Group, error: unknown): void {
    for (const call of calls) call.reject(error);
  }

  #settle({ calls }: Group, reply: ConsumeReply): void {
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
