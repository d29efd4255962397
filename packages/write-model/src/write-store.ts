import type { Pool } from '@factory/database';
import { type EventLog, type EventStore, openEventStore } from '@factory/event-store';
import { writeSideRowsOf } from './write-side-rows-of.js';

export type RowsMode = 'in-commit' | 'after-commit';

/**
 * The event store the write models share, on the log the service runs on (PostgreSQL by
 * default). On PostgreSQL, `after-commit` writes the write-side rows after each append's commit,
 * as KurrentDB must (EVENT_STORE_ROWS=after-commit runs the service so, to test that path);
 * `afterCommit` is a fault-injection hook between the commit and the rows.
 */
export function createWriteStore(options: {
  pool: Pool;
  log?: EventLog;
  rows?: RowsMode;
  afterCommit?: () => void;
}): EventStore {
  return openEventStore(options.log ?? { kind: 'postgres' }, {
    pool: options.pool,
    rowsOf: writeSideRowsOf,
    rowsAfterCommit: options.rows === 'after-commit',
    afterCommit: options.afterCommit,
  });
}
