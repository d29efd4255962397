/** Fields about one connection (RFC 9110 §7.6.1, RFC 9112 §9.6): never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * `headers` (lower-case names, as Node and undici give them) without the hop-by-hop fields and
 * every field their own `Connection` names. @fastify/reply-from drops only a request's
 * `Connection` and what it names, and copies an upstream answer's fields as they are (its own
 * list applies to HTTP/2 clients only, keeps `TE` and is not exported): without this, the APIs'
 * `Connection: keep-alive` and `Keep-Alive: timeout=72` overrode the router's own decision.
 */
export function withoutHopByHop<T extends { connection?: string | string[] }>(headers: T): T {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter((token) => token !== ''),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  ) as T;
}
