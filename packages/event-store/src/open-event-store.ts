import type { Pool } from '@factory/database';
import type pg from 'pg';
import type { EventStore, WriteSideRowsOf } from './event-store.js';
import { createKurrentEventStore } from './kurrentdb/kurrentdb-event-store.js';
import { createPostgresEventStore } from './postgres/postgres-event-store.js';

/** The log the whole service runs on (EVENT_STORE, EVENTSTORE_URL). */
export type EventLog = { kind: 'postgres' } | { kind: 'kurrentdb'; url: string };

export interface OpenEventStoreOptions {
  /**
   * PostgreSQL: the log itself, or, with KurrentDB, where the write-side rows, snapshots and
   * checkpoints live. The caller's; the store never ends it.
   */
  pool: Pool;
  /**
   * How write-side rows are derived from an event (`writeSideRowsOf` of the write model), for the
   * logs whose rows are written after the commit. A store opened without it only reads the log.
   */
  rowsOf?: WriteSideRowsOf;
  /** PostgreSQL only: write the rows after the commit, as KurrentDB must (to test that path). */
  rowsAfterCommit?: boolean;
  /** Called between an append's commit and its rows (fault-injection tests exit there). */
  afterCommit?: () => void;
  /** PostgreSQL only: where subscriptions LISTEN; null to poll only (see PostgresEventStoreOptions). */
  listen?: pg.ClientConfig | null;
}

/**
 * The one place that knows which adapters exist: every process opens its log here, so that
 * nothing else depends on which one runs.
 */
export function openEventStore(log: EventLog, options: OpenEventStoreOptions): EventStore {
  const { pool, rowsOf, listen } = options;
  if (log.kind === 'kurrentdb')
    return createKurrentEventStore(log.url, rowsOf ? { pool, rowsOf } : undefined);
  if (!options.rowsAfterCommit)
    return createPostgresEventStore({ pool, listen, rows: { mode: 'in-commit' } });
  if (!rowsOf) throw new Error('rows after commit need the write side rowsOf');
  return createPostgresEventStore({
    pool,
    listen,
    rows: { mode: 'after-commit', rowsOf, afterCommit: options.afterCommit },
  });
}
