import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter, RateLimits } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';
import { ResilientRateLimiter } from './resilient-rate-limiter.js';

/** Redis-backed limits shared by every instance when a Redis URL is given, else this process's own. */
export function createRateLimiter(options: {
  redisUrl: string | undefined;
  limits: RateLimits;
  log: Logger;
  keyPrefix?: string;
}): { limiter: RateLimiter; close(): Promise<void> } {
  const local = new MemoryRateLimiter(options.limits);
  if (!options.redisUrl) return { limiter: local, close: async () => undefined };
  // Fail fast while disconnected (no offline queue) so a call falls back at once instead of waiting.
  const redis = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    lazyConnect: false,
    // Calls arriving in the same tick share one write to Redis: the limiter sits on every request.
    enableAutoPipelining: true,
  });
  redis.on('error', () => undefined); // reported by the resilient limiter when a call fails
  const shared = new RedisRateLimiter(redis, options.limits, options.keyPrefix);
  return {
    limiter: new ResilientRateLimiter(shared, local, options.log),
    close: async () => void redis.disconnect(),
  };
}
