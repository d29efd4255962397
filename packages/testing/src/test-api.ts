import { randomBytes } from 'node:crypto';
import { type AnyRoute, type ApiService, createApiService, type RateLimits } from '@factory/http';
import { afterAll, inject } from 'vitest';
import type { TestDatabase } from './test-database.js';

/** A clock tests move by hand, so a minute or an expiry passes without sleeping. */
export class TestClock {
  constructor(private current: Date = new Date()) {}
  now = (): Date => new Date(this.current);
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The real API service (platform, auth, Redis limits, LISTEN) on a test database, with rate-limit
 * keys of its own in the shared Redis. Closed after the file's tests.
 */
export async function createTestApi(
  db: TestDatabase,
  options: {
    routes: AnyRoute[];
    /** Described but not served here (see ApiServiceOptions.servedElsewhere). */
    servedElsewhere?: AnyRoute[];
    clock?: TestClock;
    limits?: RateLimits;
    redisUrl?: string | null;
  },
): Promise<ApiService> {
  const redisUrl = options.redisUrl === undefined ? inject('testServices').redisUrl : options.redisUrl;
  const service = await createApiService({
    pool: db.pool,
    databaseUrl: db.url,
    redisUrl: redisUrl ?? undefined,
    limits: options.limits ?? { perToken: 120, perCompany: 300 },
    cursorSecret: randomBytes(32).toString('hex'),
    routes: options.routes,
    servedElsewhere: options.servedElsewhere,
    clock: options.clock?.now,
    logLevel: 'silent',
    rateLimitKeyPrefix: `test-rl-${randomBytes(6).toString('hex')}`,
  });
  afterAll(() => service.close());
  return service;
}
