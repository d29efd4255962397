import { TOKEN_PREFIX } from '@factory/tenants';
import { queryPairs } from '../params/query-string.js';

// Parameter names a client might use to put a credential in the URL.
const CREDENTIAL_NAMES = new Set([
  'token',
  'access_token',
  'accesstoken',
  'api_key',
  'apikey',
  'api-key',
  'api_token',
  'apitoken',
  'auth',
  'auth_token',
  'authorization',
  'bearer',
  'key',
  'secret',
  'password',
]);

/**
 * Percent-escapes of ASCII characters decoded, every other byte left as sent: tokens are ASCII,
 * so `%73vc_live_…` is found, and a malformed escape elsewhere cannot hide one.
 */
const decodeAscii = (text: string): string =>
  text.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Matrix parameters (`/v1/eu;token=…`) named like a credential. */
const hasCredentialParameter = (path: string): boolean =>
  path
    .split('/')
    .flatMap((segment) => segment.split(';').slice(1))
    .some((parameter) => CREDENTIAL_NAMES.has(parameter.split('=')[0]!.toLowerCase()));

/**
 * True when the URL carries something that looks like a credential: a token anywhere (path,
 * parameter name or value), or a query or matrix parameter named like one.
 */
export function hasCredentialInUrl(rawUrl: string): boolean {
  const at = rawUrl.indexOf('?');
  const path = decodeAscii(at < 0 ? rawUrl : rawUrl.slice(0, at));
  if (path.includes(TOKEN_PREFIX) || hasCredentialParameter(path)) return true;
  if (at < 0) return false;
  if (decodeAscii(rawUrl.slice(at)).includes(TOKEN_PREFIX)) return true;
  return queryPairs(rawUrl).some(
    ([name, value]) =>
      CREDENTIAL_NAMES.has(name.toLowerCase()) || name.includes(TOKEN_PREFIX) || value.includes(TOKEN_PREFIX),
  );
}
