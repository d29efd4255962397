import { z } from 'zod';
import { EnvError } from './env-schema.js';

/**
 * Which log the service writes and reads. The shape is the event store's `EventLog`; it is
 * spelled here too so that reading the environment needs no adapter.
 */
export type EventLogSetting = { kind: 'postgres' } | { kind: 'kurrentdb'; url: string };

// The schemes @kurrent/kurrentdb-client accepts (and the `+discover` cluster form).
const KURRENT_URL = /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/\S+$/;

/** The two variables every process touching the log reads: EVENT_STORE and EVENTSTORE_URL. */
export const eventLogEnvPieces = {
  /** `postgres` (the default) or `kurrentdb`, for the whole service. */
  EVENT_STORE: z.enum(['postgres', 'kurrentdb']).default('postgres'),
  /** The KurrentDB (EventStoreDB) connection string; required with EVENT_STORE=kurrentdb. */
  EVENTSTORE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(KURRENT_URL, 'not a KurrentDB connection string').optional())
    .optional(),
} as const;

export function eventLogOf(env: {
  EVENT_STORE: 'postgres' | 'kurrentdb';
  EVENTSTORE_URL?: string | undefined;
}): EventLogSetting {
  if (env.EVENT_STORE === 'postgres') return { kind: 'postgres' };
  if (!env.EVENTSTORE_URL)
    throw new EnvError('invalid environment: EVENTSTORE_URL is required with EVENT_STORE=kurrentdb');
  return { kind: 'kurrentdb', url: env.EVENTSTORE_URL };
}
