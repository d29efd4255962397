import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { type Logger, pino } from 'pino';
import type { AuthContext } from './auth/auth-context.js';
import type { Authenticator } from './auth/authenticator.js';
import { drainOnClose } from './drain-on-close.js';
import { sendError } from './errors/error-envelope.js';
import { toApiError } from './errors/to-api-error.js';
import { answerClientError } from './http-layer/client-error.js';
import { loggedError, loggedPath, scrubTokens } from './http-layer/log-redaction.js';
import { requestGuard } from './http-layer/request-guard.js';
import { answerRouterError, answerUnknownRoute } from './http-layer/unrouted.js';
import { CursorCodec } from './pagination/cursor-codec.js';
import { installJsonBodyParser } from './params/json-body.js';
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
  /**
   * Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (TRUSTED_PROXIES; the
   * processes-apart APIs add `loopback`, their router): `request.ip` is then the client's address
   * as they report it. None by default: a direct client could claim any address.
   */
  trustedProxies?: string[];
}

/**
 * JSON logs. A request is logged by path only (a query string may carry a token sent by
 * mistake) and the client's address (behind a trusted proxy, the one it reports), errors by
 * kind and message, and every line is scrubbed of token text.
 */
export function createLogger(level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        path: loggedPath(req.url),
        remoteAddress: req.ip,
      }),
      err: loggedError,
    },
    redact: ['req.headers.authorization', 'headers.authorization'],
    hooks: { streamWrite: scrubTokens },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const BODY_LIMIT_BYTES = 262_144;

/**
 * The Fastify instance both APIs mount their routes on: request ids, the token-in-URL guard,
 * authentication and rate limits, the error envelope, 404 and 405.
 */
export function createPlatform(options: PlatformOptions): FastifyInstance {
  const guard = requestGuard(options.authenticator);
  let onRouterError: ReturnType<typeof answerRouterError> | undefined;
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'id_requisicao' }),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    // Longer than any URL Node accepts: a long path id reaches its route and is not found there.
    routerOptions: { maxParamLength: 65_536 },
    frameworkErrors: (error, request, reply) => onRouterError?.(error, request, reply),
    // A request without Host is refused in the envelope by the guard, not by Node with no body.
    http: { requireHostHeader: false },
    clientErrorHandler: answerClientError(options.logger as FastifyBaseLogger),
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
  });
  onRouterError = answerRouterError(app, guard);
  // Node answers an unknown `Expect` with an empty 417 of its own; served as if absent instead.
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  app.decorate('routeCatalog', new RouteCatalog());
  app.decorate('cursors', new CursorCodec(options.cursorSecret));
  app.decorateRequest('auth', undefined);
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);

  app.addHook('onRequest', async (request, reply) => {
    // routeOptions is a getter building a fresh object on every read: read once per request.
    const { config } = request.routeOptions;
    await guard(request, reply, config.scope, config.url);
  });

  drainOnClose(app);

  app.setErrorHandler((error, request, reply) => {
    // Fastify closes the connection after a 413 without reading the rest of the body; closing a
    // socket with unread data resets it, and a client (or the router) still sending may then
    // lose the answer. Kept open, Node reads and drops the rest, and the 413 always arrives.
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') reply.removeHeader('connection');
    const { apiError, internal } = toApiError(error);
    if (internal) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => answerUnknownRoute(app, request, reply));

  return app;
}
