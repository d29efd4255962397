import { randomBytes } from 'node:crypto';
import { afterTestFile, type TestDatabase } from '@factory/database/testing';
import { inject } from 'vitest';
import {
  type AnyRoute,
  type AnyRouteDeclaration,
  type ApiService,
  buildOpenApiDocument,
  createApiService,
  type PlatformRoutes,
  type RateLimits,
} from '../src/index.js';
import { createOpenApiCheck } from './openapi-check.js';
import { reportOpenApiProblems } from './openapi-problems.js';

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

export interface TestApiOptions {
  routes: AnyRoute[];
  /** The description and the probes the service declares (`createApiService`'s). */
  platformRoutes: PlatformRoutes;
  /** Described but not served here (see ApiServiceOptions.servedElsewhere). */
  servedElsewhere?: AnyRouteDeclaration[];
  clock?: TestClock;
  limits?: RateLimits;
  redisUrl?: string | null;
  /**
   * Checks every answer against the service's own description (status, headers, body); an
   * answer that breaks it fails the test it happened in (test/support/openapi-answers.setup.ts).
   */
  checkAnswers?: boolean;
}

/**
 * The real API service (platform, auth, Redis limits, LISTEN) on a test database, with rate-limit
 * keys of its own in the shared Redis. Closed after the file's tests. The platform routes are the
 * caller's: this package's tests declare their own, @factory/testing gives @factory/api's.
 */
export async function createTestApi(db: TestDatabase, options: TestApiOptions): Promise<ApiService> {
  const redisUrl = options.redisUrl === undefined ? inject('testServices').redisUrl : options.redisUrl;
  const service = await createApiService({
    pool: db.pool,
    databaseUrl: db.url,
    redisUrl: redisUrl ?? undefined,
    limits: options.limits ?? { perToken: 120, perCompany: 300 },
    cursorSecret: randomBytes(32).toString('hex'),
    routes: options.routes,
    servedElsewhere: options.servedElsewhere,
    platformRoutes: options.platformRoutes,
    clock: options.clock?.now,
    logLevel: 'silent',
    rateLimitKeyPrefix: `test-rl-${randomBytes(6).toString('hex')}`,
  });
  afterTestFile(() => service.close());
  if (options.checkAnswers) await checkAnswers(service);
  return service;
}

async function checkAnswers({ app }: ApiService): Promise<void> {
  const check = await createOpenApiCheck(buildOpenApiDocument(app.routeCatalog));
  // Last onSend hook: the platform's headers are set, the body is serialised.
  app.addHook('onSend', async (request, reply, payload) => {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    if (body === null) return payload;
    const headers = Object.fromEntries(
      Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    reportOpenApiProblems(
      check.problems({
        method: request.method,
        path: request.url,
        status: reply.statusCode,
        headers,
        body,
      }),
    );
    return payload;
  });
}
