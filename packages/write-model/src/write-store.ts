import type { Pool } from '@factory/database';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import { writeSideRowsOf } from './write-side-rows-of.js';

export type RowsMode = 'in-commit' | 'after-commit';

/**
 * The event store the write models share. `after-commit` writes the write-side rows after each
 * append's commit, as KurrentDB must (EVENT_STORE_ROWS=after-commit runs the service so, to test
 * that path on PostgreSQL); `afterCommit` is a fault-injection hook between the commit and the rows.
 */
export function createWriteStore(options: {
  pool: Pool;
  rows?: RowsMode;
  afterCommit?: () => void;
}): EventStore {
  const { pool } = options;
  return createPostgresEventStore({
    pool,
    listen: null,
    rows:
      options.rows === 'after-commit'
        ? { mode: 'after-commit', rowsOf: writeSideRowsOf, afterCommit: options.afterCommit }
        : { mode: 'in-commit' },
  });
}
