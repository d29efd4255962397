import type { GracefulShutdown } from '@factory/config';
import type { Pool } from '@factory/database';
import type { Health, HttpMetrics } from '@factory/observability';
import { findAuthRecordByHash, recordLastUse } from '@factory/tenants';
import type { FastifyInstance } from 'fastify';
import { listenForAuthChanges } from './auth/auth-change-listener.js';
import type { TokenStore } from './auth/auth-context.js';
import { Authenticator } from './auth/authenticator.js';
import { LastUseRecorder } from './auth/last-use-recorder.js';
import { keyHolderSessionOf } from './idempotency/key-holder-session.js';
import { InFlightWork } from './in-flight-work.js';
import { observeRequests, registerHealthRoutes } from './observability/health-routes.js';
import { describedRoute } from './openapi/openapi-route.js';
import { createLogger, createPlatform } from './platform.js';
import { createRateLimiter } from './rate-limit/create-rate-limiter.js';
import type { RateLimits } from './rate-limit/rate-limiter.js';
import type { PlatformRoutes } from './routes/platform-routes.js';
import { registerRoute } from './routes/register-route.js';
import type { AnyRoute, AnyRouteDeclaration } from './routes/route-definition.js';

export interface ApiServiceOptions {
  pool: Pool;
  /** For LISTEN: revocations, suspensions and demotions reach this instance at once. */
  databaseUrl: string;
  redisUrl: string | undefined;
  limits: RateLimits;
  cursorSecret: string;
  routes: AnyRoute[];
  /**
   * Routes another process serves under the same base URL (the processes-apart mode): they are
   * described in /v1/openapi.json and named in a 405's Allow, but not served here, so a client
   * cannot tell one process from several behind a router.
   */
  servedElsewhere?: AnyRouteDeclaration[];
  /** The description and the probes, as the service declares them (@factory/api's `platformRoutes`). */
  platformRoutes: PlatformRoutes;
  /** Answers the probes (`platformRoutes.live`, `.ready`) on this port when given. */
  health?: Health;
  /** Counts and times every answer when given (Prometheus, on METRICS_PORT). */
  metrics?: HttpMetrics;
  clock?: () => Date;
  logLevel?: string;
  /** Redis key prefix of the rate-limit windows (tests isolate themselves with it). */
  rateLimitKeyPrefix?: string;
  /** Proxies whose X-Forwarded-* are believed (see `PlatformOptions`). */
  trustedProxies?: string[];
}

export interface ApiService {
  app: FastifyInstance;
  authenticator: Authenticator;
  lastUse: LastUseRecorder;
  /** Adds this service's steps to the process's shutdown, each in its phase. */
  addShutdownSteps(shutdown: GracefulShutdown): void;
  /** The same steps in the same order, for tests and tools that stop one service. */
  close(): Promise<void>;
}

/** Wires the platform with its real dependencies and mounts `routes` plus the description. */
export async function createApiService(options: ApiServiceOptions): Promise<ApiService> {
  const clock = options.clock ?? (() => new Date());
  const store: TokenStore = {
    findByHash: (hash) => findAuthRecordByHash(options.pool, hash),
    recordLastUse: (uses) => recordLastUse(options.pool, uses),
  };
  const logger = createLogger(options.logLevel);
  const log = (msg: string) => (error: unknown) => logger.error({ err: error }, msg);
  const lastUse = new LastUseRecorder(store, log('recording token last use failed'));
  const rateLimiter = createRateLimiter({
    redisUrl: options.redisUrl,
    limits: options.limits,
    keyPrefix: options.rateLimitKeyPrefix,
    log: logger,
  });
  const authenticator = new Authenticator({
    store,
    limiter: rateLimiter.limiter,
    limits: options.limits,
    clock,
    lastUse,
  });
  const app = createPlatform({
    authenticator,
    cursorSecret: options.cursorSecret,
    logger,
    trustedProxies: options.trustedProxies,
  });
  // Described first: the single-machine server mounts the read routes before the write routes,
  // so the write API (which describes the read routes) lists Allow and OpenAPI in the same order.
  for (const route of options.servedElsewhere ?? []) app.routeCatalog.add(route);
  const handlers = new InFlightWork();
  for (const route of options.routes)
    registerRoute(app, { ...route, handler: (context) => handlers.track(route.handler(context)) });
  const { platformRoutes } = options;
  if (options.health) registerHealthRoutes(app, options.health, platformRoutes);
  if (options.metrics) observeRequests(app, options.metrics);
  registerRoute(app, describedRoute(platformRoutes.description));

  const listener = await listenForAuthChanges(
    options.databaseUrl,
    () => authenticator.invalidate(),
    log('auth change listener failed'),
  );
  lastUse.start();
  // Fastify's close stops accepting and waits for the requests in flight, then the handlers
  // whose client left are waited for (in-flight-work.ts); their last uses are flushed after
  // that, while the pool is still open. No attempt runs any more, so the idempotency
  // keys' holder session (a connection outside the pool) can go too.
  const closeConnections = async () => {
    await Promise.all([listener.close(), rateLimiter.close(), keyHolderSessionOf(options.pool).close()]);
  };
  return {
    app,
    authenticator,
    lastUse,
    addShutdownSteps(shutdown) {
      shutdown
        .add('stopAccepting', 'HTTP server', () => app.close())
        .add('finishWork', 'handlers of clients gone', () => handlers.settled())
        .add('flush', 'token last-use times', () => lastUse.stop())
        .add(
          'closeConnections',
          'auth listener, rate-limit Redis and idempotency key holder',
          closeConnections,
        );
    },
    async close() {
      await app.close();
      await handlers.settled();
      await lastUse.stop();
      await closeConnections();
    },
  };
}
