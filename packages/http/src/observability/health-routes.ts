import type { Health, HttpMetrics } from '@factory/observability';
import type { FastifyInstance } from 'fastify';
import type { PlatformRoutes } from '../routes/platform-routes.js';

/**
 * The liveness and readiness probes, at the URLs their declarations give, on `app`'s port.
 * Registered outside the route catalog: no token, no rate limit, not in the description.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  health: Health,
  probes: Pick<PlatformRoutes, 'live' | 'ready'>,
): void {
  app.route({
    method: probes.live.method,
    url: probes.live.url,
    handler: async (_request, reply) => {
      const { status, body } = health.live();
      return reply.code(status).send(body);
    },
  });
  app.route({
    method: probes.ready.method,
    url: probes.ready.url,
    handler: async (_request, reply) => {
      const { status, body } = await health.ready();
      return reply.code(status).send(body);
    },
  });
}

/** Counts and times every answer by method, route pattern and status. */
export function observeRequests(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(
      request.method,
      request.routeOptions.url ?? 'sem_rota',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
