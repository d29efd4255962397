/**
 * The decoded (name, value) pairs of a request's query string, repeats kept, in order.
 * `+` decodes to a space as in HTML forms, which is why a raw `+` in an offset is refused later.
 */
export function queryPairs(rawUrl: string): Array<[string, string]> {
  const at = rawUrl.indexOf('?');
  if (at < 0) return [];
  return [...new URLSearchParams(rawUrl.slice(at + 1)).entries()];
}
