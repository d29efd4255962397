import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Authenticator } from '../auth/authenticator.js';
import { hasCredentialInUrl } from '../auth/credential-in-url.js';
import { ApiError } from '../errors/api-error.js';
import { RESPONSE_HEADERS } from './response-headers.js';

/** How many `Authorization` headers were sent: Node keeps only the first of them. */
export const authorizationCount = (rawHeaders: string[]): number =>
  rawHeaders.filter((value, i) => i % 2 === 0 && value.toLowerCase() === 'authorization').length;

/** Which of two credentials would be meant is a guess: refuse both. */
export const duplicateAuthorization = () =>
  new ApiError('token_invalido', { mensagem: 'Envie um único cabeçalho Authorization.' });

/**
 * What every request passes before its route, in this order: the answer's fixed headers, the
 * token-in-URL guard, a Host header (HTTP/1.1 requires one; Node's own refusal had no body),
 * then authentication and rate limits when `scope` asks for a token.
 */
export type RequestGuard = (
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string | undefined,
  /** The route's pattern when the caller has read it already (request.routeOptions.url). */
  rota?: string,
) => Promise<void>;

export function requestGuard(authenticator: Pick<Authenticator, 'authenticate'>): RequestGuard {
  return async (request, reply, scope, rota = request.routeOptions.url) => {
    // Every later line of this request names its route (the pattern, never the concrete path).
    bindLog(request, reply, { rota: rota ?? null });
    reply.header('X-Request-Id', request.id);
    reply.headers(RESPONSE_HEADERS);
    if (hasCredentialInUrl(request.url)) throw new ApiError('token_na_url');
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw new ApiError('parametro_invalido', { campo: 'Host', mensagem: 'Cabeçalho Host ausente.' });
    if (scope === undefined || scope === 'publico') return;
    if (authorizationCount(request.raw.rawHeaders) > 1) throw duplicateAuthorization();
    const { auth, headers } = await authenticator.authenticate(request.headers.authorization, scope);
    reply.headers(headers);
    request.auth = auth;
    bindLog(request, reply, { empresa_id: auth.empresa.id });
  };
}

/**
 * Adds `bindings` to the request's logger. Fastify gives every request a child logger of its own
 * (request.log, reply.log): binding onto it saves a further child per call, which every request
 * paid twice. A logger shared with the server (none in the platform) gets a child instead.
 */
function bindLog(request: FastifyRequest, reply: FastifyReply, bindings: Record<string, unknown>): void {
  const own = request.log as FastifyBaseLogger & Partial<Pick<Logger, 'setBindings'>>;
  if (own !== request.server.log && own === reply.log && own.setBindings) {
    own.setBindings(bindings);
    return;
  }
  const log = request.log.child(bindings);
  request.log = log;
  reply.log = log;
}
