import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendError } from '../errors/error-envelope.js';
import { toApiError } from '../errors/to-api-error.js';
import type { RequestGuard } from './request-guard.js';

const pathOf = (url: string) => url.split('?')[0]!;

/** No route for this method and path: 405 with `Allow` when the path is served, else 404. */
export function answerUnknownRoute(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const allowed = app.routeCatalog.methodsFor(pathOf(request.url));
  if (allowed.length === 0) return sendError(request, reply, new ApiError('rota_inexistente'));
  return sendError(
    request,
    reply,
    new ApiError('metodo_nao_permitido', { headers: { Allow: allowed.join(', ') } }),
  );
}

/**
 * Fastify's router refused the URL (a path segment that is not valid percent-encoded UTF-8,
 * such as `/v1/produtos/%C0%AE`): answered like any unusable path id. The request passes the
 * same guard as a routed one (token in the URL, authentication), then a known route answers
 * 404 `nao_encontrado` (writes.md: a path id that is not a uuid) and an unknown path 404 or 405.
 */
export function answerRouterError(app: FastifyInstance, guard: RequestGuard) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const route = app.routeCatalog.routeFor(request.method, pathOf(request.url));
    guard(request, reply, route?.scope)
      .then(() =>
        route
          ? sendError(request, reply, new ApiError('nao_encontrado'))
          : answerUnknownRoute(app, request, reply),
      )
      .catch((error: unknown) => {
        const { apiError, internal } = toApiError(error);
        if (internal) request.log.error({ err: error }, 'request failed');
        return sendError(request, reply, apiError);
      });
  };
}
