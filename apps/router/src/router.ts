import { randomUUID } from 'node:crypto';
import { ApiError, type createLogger, drainOnClose, type RouteCatalog, sendError } from '@factory/http';
import type { Health, HttpMetrics } from '@factory/observability';
import replyFrom from '@fastify/reply-from';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';

export interface RouterOptions {
  readApiUrl: string;
  writeApiUrl: string;
  /** The read API's routes: a GET on one of them goes there, everything else to the write API. */
  readCatalog: RouteCatalog;
  logger: ReturnType<typeof createLogger>;
  /** /healthz and /readyz on the router's port (see `upstreamReadiness`). */
  health?: Health;
  /** Counts and times answers by the API that gave them. */
  metrics?: HttpMetrics;
}

/**
 * The router of the processes-apart mode: one base URL, each request forwarded untouched (path,
 * query, headers, body streamed) to the API that serves its method and path. The write API
 * knows every route, so it answers 404, 405 and /v1/openapi.json for the whole service.
 */
export async function createRouter(options: RouterOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // The APIs log each request with its id, company and route; the router adds nothing to that.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    exposeHeadRoutes: false,
    return503OnClosing: false,
  });
  drainOnClose(app);
  // Bodies are streamed through unread: the APIs parse them and apply their own size limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await app.register(replyFrom, {
    disableRequestLogging: true,
    // undici keeps a pool of connections per upstream (keep-alive).
    undici: { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 },
  });

  // An API that cannot be reached: the service's own error envelope, as any other failure.
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'forwarding failed');
    reply.header('X-Request-Id', request.id);
    return sendError(request, reply, new ApiError('erro_interno'));
  });

  if (options.health) {
    const health = options.health;
    app.get('/healthz', async (_request, reply) => {
      const { status, body } = health.live();
      return reply.code(status).send(body);
    });
    app.get('/readyz', async (_request, reply) => {
      const { status, body } = await health.ready();
      return reply.code(status).send(body);
    });
  }
  const upstreamOf = new WeakMap<object, string>();
  if (options.metrics) {
    const metrics = options.metrics;
    app.addHook('onResponse', async (request, reply) => {
      const route = upstreamOf.get(request) ?? (request.routeOptions.url as string);
      metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  app.route({
    method: ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'],
    url: '/*',
    handler: (request, reply) => {
      const path = request.url.split('?')[0]!;
      const toRead = request.method === 'GET' && options.readCatalog.methodsFor(path).includes('GET');
      const upstream = toRead ? options.readApiUrl : options.writeApiUrl;
      upstreamOf.set(request, toRead ? 'read-api' : 'write-api');
      return reply.from(new URL(request.url, upstream).href);
    },
  });
  return app;
}
