import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { withoutHopByHop } from './hop-by-hop.js';

/**
 * What an API receives of a client's headers: none of the hop-by-hop fields, nor `Expect` (the
 * router's own server has answered 100 Continue, and undici cannot send it), and X-Forwarded-*
 * as the router believes them, whatever the client wrote there:
 * - `X-Forwarded-For`: the client's address, after the addresses a trusted proxy in front of the
 *   router reported, up to the first it does not trust (Fastify's `request.ips`, by TRUSTED_PROXIES);
 * - `X-Forwarded-Proto`: `http`, or what a trusted proxy reported;
 * - `X-Forwarded-Host`: the `Host` the client asked for (reply-from sends the API's own).
 */
export function forwardedRequestHeaders(
  request: Pick<FastifyRequest, 'ip' | 'ips' | 'protocol' | 'host'>,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const {
    expect: _expect,
    'x-forwarded-for': _for,
    'x-forwarded-proto': _proto,
    'x-forwarded-host': _host,
    ...rest
  } = withoutHopByHop(headers);
  const forwarded: IncomingHttpHeaders = {
    ...rest,
    'x-forwarded-for': [...(request.ips ?? [request.ip])].reverse().join(', '),
    'x-forwarded-proto': request.protocol,
  };
  if (request.host) forwarded['x-forwarded-host'] = request.host;
  return forwarded;
}
