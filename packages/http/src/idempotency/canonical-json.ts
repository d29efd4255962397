import { createHash } from 'node:crypto';

/**
 * JSON text with object keys sorted at every depth and no whitespace, so two bodies that
 * differ only in key order or spacing have the same text. Arrays keep their order: it is
 * meaningful. Values are already what JSON.parse produced, so numbers print canonically.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What "the same request" means for a key: SHA-256 over the method, the path and the
 * canonical body. An absent body counts as `{}` (a reversal may be sent with either).
 */
export function requestFingerprint(method: string, path: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body ?? {})}`)
    .digest();
}
