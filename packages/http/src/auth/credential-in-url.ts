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

/** True when the query string carries something that looks like a credential, by name or by value. */
export function hasCredentialInUrl(rawUrl: string): boolean {
  return queryPairs(rawUrl).some(
    ([name, value]) => CREDENTIAL_NAMES.has(name.toLowerCase()) || value.trimStart().startsWith(TOKEN_PREFIX),
  );
}
