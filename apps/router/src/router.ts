import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ApiError,
  answerClientError,
  authorizationCount,
  type createLogger,
  drainOnClose,
  duplicateAuthorization,
  hasCredentialInUrl,
  type PlatformRoutes,
  type RouteCatalog,
  registerHealthRoutes,
  sendError,
} from '@factory/http';
import type { Health, HttpMetrics } from '@factory/observability';
import replyFrom from '@fastify/reply-from';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { forwardableUrl } from './forwardable-url.js';
import { forwardedRequestHeaders } from './forwarded-headers.js';
import { withoutHopByHop } from './hop-by-hop.js';

// Where a URL the router cannot decode is routed: the write API, which answers it as sent.
const UNDECODABLE = '/undecodable';

const decodable = (url: string): boolean => {
  try {
    decodeURIComponent(url.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
};

export interface RouterOptions {
  readApiUrl: string;
  writeApiUrl: string;
  /** The settings page (apps/admin): /admin and every path below it go there when given. */
  adminUrl?: string;
  /** The read API's routes: a GET on one of them goes there, everything else to the write API. */
  readCatalog: RouteCatalog;
  logger: ReturnType<typeof createLogger>;
  /** The router's own probes on its port (see `upstreamReadiness`), where the contract declares them. */
  probes?: Pick<PlatformRoutes, 'live' | 'ready'> & { health: Health };
  /** Counts and times answers by the API that gave them. */
  metrics?: HttpMetrics;
  /** Proxies in front of the router whose X-Forwarded-For and -Proto it believes (TRUSTED_PROXIES). */
  trustedProxies?: string[];
}

/**
 * The router of the processes-apart mode: one base URL, each request forwarded (path and query
 * as sent, end-to-end headers, body streamed) to the API that serves its method and path. The
 * write API knows every route, so it answers 404, 405 and /v1/openapi.json for the whole
 * service. Hop-by-hop fields stay on their own connection, both ways: the client's connection
 * is Node's server's alone (closed after `Connection: close` or HTTP/1.0, else kept alive with
 * Fastify's keep-alive timeout, as the single process), and the API's is undici's pool's.
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
    // The router is the front door: the HTTP layer's own refusals answer in the envelope here too
    // (issue 13), and a URL it cannot decode is forwarded as sent for the API to judge.
    clientErrorHandler: answerClientError(options.logger as FastifyBaseLogger),
    http: { requireHostHeader: false },
    routerOptions: { maxParamLength: 65_536 },
    rewriteUrl: (request) => (decodable(request.url ?? '/') ? request.url! : UNDECODABLE),
    // Always a list (empty: none trusted), so that `request.ips` is the chain the router believes.
    trustProxy: options.trustedProxies ?? [],
  });
  drainOnClose(app);
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
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
    return sendError(request, reply, new ApiError('erro_interno'));
  });

  if (options.probes) registerHealthRoutes(app, options.probes.health, options.probes);
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
      // Node keeps the first of two Authorization headers, so only here are both still seen.
      if (authorizationCount(request.raw.rawHeaders) > 1)
        return sendError(request, reply, duplicateAuthorization());
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
        return sendError(
          request,
          reply,
          new ApiError('parametro_invalido', { campo: 'Host', mensagem: 'Cabeçalho Host ausente.' }),
        );
      const url = request.originalUrl;
      // Before the URL is escaped for the proxy (which would hide a percent-encoded token).
      if (hasCredentialInUrl(url)) return sendError(request, reply, new ApiError('token_na_url'));
      // Absolute-form (`GET http://host/v1/eu`) or `*`: no path of ours; never forwarded elsewhere.
      if (!url.startsWith('/')) return sendError(request, reply, new ApiError('rota_inexistente'));
      const path = url.split('?')[0]!;
      const toAdmin = options.adminUrl !== undefined && (path === '/admin' || path.startsWith('/admin/'));
      const toRead =
        !toAdmin && request.method === 'GET' && options.readCatalog.methodsFor(path).includes('GET');
      const upstream = toAdmin ? options.adminUrl! : toRead ? options.readApiUrl : options.writeApiUrl;
      upstreamOf.set(request, toAdmin ? 'admin' : toRead ? 'read-api' : 'write-api');
      return reply.from(upstream.replace(/\/$/, '') + forwardableUrl(url), {
        // HTTP/1 only: the router's server speaks no HTTP/2.
        rewriteRequestHeaders: (original, headers) =>
          forwardedRequestHeaders(original, headers as IncomingHttpHeaders),
        rewriteHeaders: (headers) => withoutHopByHop(headers),
      });
    },
  });
  return app;
}
