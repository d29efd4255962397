import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { type Logger, pino } from 'pino';
import type { AuthContext } from './auth/auth-context.js';
import type { Authenticator } from './auth/authenticator.js';
import { hasCredentialInUrl } from './auth/credential-in-url.js';
import { ApiError } from './errors/api-error.js';
import { sendError } from './errors/error-envelope.js';
import { toApiError } from './errors/to-api-error.js';
import { CursorCodec } from './pagination/cursor-codec.js';
import { RouteCatalog } from './routes/route-catalog.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteCatalog;
    cursors: CursorCodec;
  }
  interface FastifyRequest {
    auth: AuthContext | undefined;
  }
}

export interface PlatformOptions {
  /** Who is calling; `Authenticator` in service, a fixed caller in the benchmark's baseline. */
  authenticator: Pick<Authenticator, 'authenticate'>;
  cursorSecret: string;
  logger: Logger;
}

/** JSON logs; requests are logged by path only: a query string may carry a token sent by mistake. */
export function createLogger(level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
    },
    redact: ['req.headers.authorization', 'headers.authorization'],
  };
  return destination ? pino(options, destination) : pino(options);
}

export const BODY_LIMIT_BYTES = 262_144;

/**
 * The Fastify instance both APIs mount their routes on: request ids, the token-in-URL guard,
 * authentication and rate limits, the error envelope, 404 and 405.
 */
export function createPlatform(options: PlatformOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'id_requisicao' }),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    return503OnClosing: false,
  });
  app.decorate('routeCatalog', new RouteCatalog());
  app.decorate('cursors', new CursorCodec(options.cursorSecret));
  app.decorateRequest('auth', undefined);
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (hasCredentialInUrl(request.url)) throw new ApiError('token_na_url');
    const scope = request.routeOptions.config.scope;
    if (scope === undefined || scope === 'publico') return;
    const { auth, headers } = await options.authenticator.authenticate(request.headers.authorization, scope);
    reply.headers(headers);
    request.auth = auth;
  });

  // Once closing, every answer (in flight, or arriving on a kept-alive connection) still goes
  // out whole, then closes its connection: clients reconnect, find the port closed and go
  // elsewhere, and the server's close can finish while they keep sending.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.setErrorHandler((error, request, reply) => {
    const { apiError, internal } = toApiError(error);
    if (internal) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const allowed = app.routeCatalog.methodsFor(request.url.split('?')[0]!);
    if (allowed.length === 0) return sendError(request, reply, new ApiError('rota_inexistente'));
    return sendError(
      request,
      reply,
      new ApiError('metodo_nao_permitido', { headers: { Allow: allowed.join(', ') } }),
    );
  });

  return app;
}
