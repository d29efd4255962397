import type { Health, HttpMetrics } from '@factory/observability';
import type { FastifyInstance } from 'fastify';

/**
 * GET /healthz and /readyz on the API's own port. Registered outside the route catalog: no
 * token, no rate limit, not in /v1/openapi.json.
 */
export function registerHealthRoutes(app: FastifyInstance, health: Health): void {
  app.get('/healthz', async (_request, reply) => {
    const { status, body } = health.live();
    return reply.code(status).send(body);
  });
  app.get('/readyz', async (_request, reply) => {
    const { status, body } = await health.ready();
    return reply.code(status).send(body);
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
