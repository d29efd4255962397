import type { Pool } from '@factory/database';
import { type EventLog, type EventStore, openEventStore } from '@factory/event-store';
import { writeSideProjections } from './write-side-projections.js';

export type RowsMode = 'in-commit' | 'after-commit';

/**
 * The event store the write models share, on the log the service runs on (PostgreSQL by
 * default), opened with the write model's inline projections. On PostgreSQL, `after-commit`
 * writes the projections' rows after each append's commit, as KurrentDB must
 * (EVENT_STORE_ROWS=after-commit runs the service so, to test that path); `afterCommit` is a
 * fault-injection hook between the commit and the rows.
 */
export function createWriteStore(options: {
  pool: Pool;
  log?: EventLog;
  rows?: RowsMode;
  afterCommit?: () => void;
}): EventStore {
  return openEventStore(options.log ?? { kind: 'postgres' }, {
    pool: options.pool,
    projections: writeSideProjections,
    rowsAfterCommit: options.rows === 'after-commit',
    afterCommit: options.afterCommit,
  });
}
