const decodes = (text: string): boolean => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/** `%` escaped, so that one decoding gives back the text as sent. */
const escapePercents = (text: string) => text.replace(/%/g, '%25');

/**
 * The URL to hand to the proxy. @fastify/reply-from decodes the whole URL first and fails on
 * what does not decode or holds a `..` segment (an error that used to surface as a 500). Such
 * parts travel escaped once: the API then sees a path id that is no uuid, or a path it does not
 * serve, and answers as it would have (404); a URL that decodes cleanly travels untouched.
 */
export function forwardableUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at);
  const safePath = (decodes(path) ? path : escapePercents(path))
    .split('/')
    .map((segment) => {
      const plain = decodes(segment) ? decodeURIComponent(segment) : segment;
      return plain.includes('..') ? escapePercents(segment).replace(/\./g, '%252E') : segment;
    })
    .join('/');
  let safeQuery = decodes(query) ? query : escapePercents(query);
  // A `../` or `/..` in the query is refused by the proxy too: rare, and only in hostile input.
  if (/\.\.\/|\/\.\./.test(decodeURIComponent(safeQuery)))
    safeQuery = escapePercents(safeQuery).replace(/\./g, '%252E');
  return safePath + safeQuery;
}
