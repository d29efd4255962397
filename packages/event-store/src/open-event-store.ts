import type { Pool } from '@factory/database';
import type pg from 'pg';
import type { EventStore } from './event-store.js';
import { createKurrentEventStore } from './kurrentdb/kurrentdb-event-store.js';
import { createPostgresEventStore } from './postgres/postgres-event-store.js';
import type { InlineProjection } from './write-side.js';

/** The log the whole service runs on (EVENT_STORE, EVENTSTORE_URL). */
export type EventLog = { kind: 'postgres' } | { kind: 'kurrentdb'; url: string };

export interface OpenEventStoreOptions {
  /**
   * PostgreSQL: the log itself, or, with KurrentDB, where the projections' rows, snapshots and
   * checkpoints live. The caller's; the store never ends it.
   */
  pool: Pool;
  /**
   * The inline projections whose rows the after-commit catch-up re-derives from the log (their
   * `rowsOf`), for the logs whose rows are written after the commit. A KurrentDB store opened
   * without them only reads the log.
   */
  projections?: readonly InlineProjection[];
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
  const { pool, projections, listen } = options;
  if (log.kind === 'kurrentdb')
    return createKurrentEventStore(log.url, projections ? { pool, projections } : undefined);
  if (!options.rowsAfterCommit)
    return createPostgresEventStore({ pool, listen, rows: { mode: 'in-commit' } });
  return createPostgresEventStore({
    pool,
    listen,
    rows: { mode: 'after-commit', projections: projections ?? [], afterCommit: options.afterCommit },
  });
}
