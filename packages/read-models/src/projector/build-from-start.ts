import { inTransaction, type Pool } from '@factory/database';
import { compareCheckpoints, type EventStore, LOG_START, type LogCheckpoint } from '@factory/event-store';
import { deferIndexes, hasDeferredIndexes } from './deferred-indexes.js';
import { type Projection, type ProjectionTarget, qualifiedTable } from './projection.js';

/**
 * Log events from which a live build starting from the log's start defers its indexes: below it
 * the build takes seconds either way, and its tables keep their indexes for the reads meanwhile.
 */
export const DEFER_INDEXES_FROM_EVENTS = 20_000;

/**
 * Whether this build writes without its deferred indexes (deferred-indexes.ts) until it reaches
 * the head, and where that head is.
 *
 * - A build whose tables already wait for deferred indexes goes on so: a rebuild's version, a
 *   build resumed after a kill, or another partition's worker sharing the live tables.
 * - A live build defers them itself only when it starts from the log's start with every table of
 *   its projection empty (a new deployment, a restored log, a projection added) and at least
 *   `fromEvents` events to apply. A build resuming far back with rows already written keeps
 *   its indexes: dropping them would turn the list pages over those rows into scans, and
 *   making them again would sort every row, not only the new ones.
 *
 * Meanwhile the read API's list pages over those tables scan instead of reading an index range:
 * their projection is behind the head anyway (`projecoes status`).
 */
export async function buildWithoutIndexesUntil(
  pool: Pool,
  eventStore: EventStore,
  projection: Projection,
  target: ProjectionTarget,
  stored: LogCheckpoint,
  fromEvents: number,
): Promise<LogCheckpoint | null> {
  if (!projection.indexedAfterBuild?.length) return null;
  if (!(await hasDeferredIndexes(pool, projection, target.schema))) {
    if (compareCheckpoints(stored, LOG_START) !== 0) return null;
    // The build about to run reads the whole log: counting it first costs less than that.
    if ((await eventStore.countEvents({ after: LOG_START })) < fromEvents) return null;
    const deferred = await inTransaction(pool, async (client) => {
      // One decision per schema: partition workers starting together share the live tables.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`deferred-indexes:${target.schema}`]);
      if (await hasDeferredIndexes(client, projection, target.schema)) return true;
      for (const table of projection.tables) {
        const { rows } = await client.query<{ rows: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM ${qualifiedTable(target.schema, table)}) AS rows`,
        );
        if (rows[0]!.rows) return false;
      }
      await deferIndexes(client, projection, target.schema);
      return true;
    });
    if (!deferred) return null;
  }
  return (await eventStore.readHead()).checkpoint;
}
