import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './generated/openapi.js';

export type { components, operations, paths } from './generated/openapi.js';

export type FactoryClient = Client<paths>;

export interface FactoryClientOptions extends ClientOptions {
  /** The service's address, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** An API token (`svc_live_...`), sent as `Authorization: Bearer`. */
  token?: string;
}

/** A fetch client typed by the service's description: paths, parameters, bodies and answers. */
export function createFactoryClient({ token, headers, ...options }: FactoryClientOptions): FactoryClient {
  return createClient<paths>({
    ...options,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

export { DEFAULT_RETRY, type RetryPolicy, waitBeforeRetry } from './retry-policy.js';
