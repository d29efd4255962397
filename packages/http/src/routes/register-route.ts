import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canSeeCosts } from '../auth/can-see-costs.js';
import { type CostMask, costMaskOf } from '../costs/cost-fields.js';
import { ApiError } from '../errors/api-error.js';
import { parseBody } from '../params/parse-body.js';
import { parseQuery } from '../params/parse-query.js';
import type { AnyRoute } from './route-definition.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's scope; absent on Fastify's own 404 handler. */
    scope?: string;
    /** The route's declared Idempotency-Key: what withIdempotency enforces unless told. */
    idempotencyKey?: 'required' | 'optional';
  }
}

/** Mounts a route: parameters are read here, after the onRequest hook has authenticated. */
export function registerRoute(app: FastifyInstance, route: AnyRoute): void {
  app.routeCatalog.add(route);
  const costMask = costMaskOf(route.response);
  const bodyOptional = route.body?.safeParse(undefined).success === true;
  app.route({
    method: route.method,
    url: route.url,
    config: { scope: route.scope, idempotencyKey: route.idempotencyKey },
    ...(costMask ? { onSend: hideCostsWithout(costMask) } : {}),
    handler: async (request, reply) => {
      const query = parseQuery(request.url, route.query ?? emptyQuery);
      let params: Record<string, unknown> = {};
      if (route.params) {
        const result = route.params.safeParse(request.params);
        // A path id that is not a uuid is simply not found.
        if (!result.success) throw new ApiError('nao_encontrado');
        params = result.data;
      }
      const body =
        route.body && !(bodyOptional && request.body === undefined)
          ? parseBody(request.body, route.body)
          : undefined;
      const auth = request.auth;
      if (!auth && route.scope !== 'publico')
        throw new Error(`route ${route.url} reached without authentication`);
      const result = await route.handler({ query, params, body, auth: auth!, request, reply });
      if (route.status === 204) return reply.code(204).send();
      reply.code(route.status ?? 200);
      return result;
    },
  });
}

const emptyQuery = z.object({});

/**
 * `custos:ler`, the one place: the cost fields the response schema marks are nulled in what goes
 * out to a token without it. On the way out, so a returned value, an idempotency key's stored
 * answer and its replays all pass here; presenters always fill costs in.
 */
function hideCostsWithout(mask: CostMask) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.auth || canSeeCosts(request.auth) || reply.statusCode >= 300) return payload;
    if (typeof payload !== 'string') return payload;
    const body: unknown = JSON.parse(payload);
    mask(body);
    return JSON.stringify(body);
  };
}
