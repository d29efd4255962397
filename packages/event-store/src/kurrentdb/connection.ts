import type { KurrentDBClient } from '@kurrent/kurrentdb-client';

/** The client package, loaded only when this adapter is chosen (it brings a native bridge). */
export type KurrentModule = typeof import('@kurrent/kurrentdb-client');

export interface KurrentConnection {
  kurrent: KurrentModule;
  client: KurrentDBClient;
}
