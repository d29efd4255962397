import type { PoolClient } from '@factory/database';
import type { RecordedEvent } from '@factory/event-store';

/** Where one build of a projection writes: its tables' schema and its checkpoint's name. */
export interface ProjectionTarget {
  /** `public` for the live build; a shadow schema (same tables, same indexes) during a rebuild. */
  schema: string;
  /** Its row in projection_checkpoints: the projection's name live, another during a rebuild. */
  checkpointName: string;
}

/**
 * A read model's projection: the event types it handles and a set-based `apply` that writes a
 * whole batch of them (a few statements per batch, not one per event). `apply` only copies the
 * decided facts the events carry and must be idempotent per event, as a second line behind the
 * checkpoint (the projector never applies a batch twice, see apply-batch.ts).
 */
export interface Projection {
  /** Stable name; also the live checkpoint's name. */
  name: string;
  /** Bumped when the read model changes shape: a new version is built in shadow tables and swapped. */
  version: number;
  handles: readonly string[];
  /** Its tables, all in the target's schema (what a rebuild copies and swaps). */
  tables: readonly string[];
  /**
   * Optional: those of `tables` whose indexes other than their keys no `stage` or `apply` uses
   * (it reads them by key, or not at all). A rebuild builds them with their keys alone and makes
   * the other indexes once, when its build has reached the head of the log
   * (projector/deferred-indexes.ts).
   */
  indexedAfterBuild?: readonly string[];
  /**
   * Called with the batch's handled events only, in log order, inside the batch's transaction,
   * once the batch before has committed. The events are shared with the worker's other
   * projections: read them, never change them.
   */
  apply(client: PoolClient, events: readonly RecordedEvent[], target: ProjectionTarget): Promise<void>;
  /**
   * Optional: writes that no other batch's rows bear on (rows keyed by the event itself, such as
   * a ledger's), done first in the batch's transaction while the batch before may still be
   * committing, so that the two overlap. Nothing read here may depend on earlier batches.
   */
  stage?(client: PoolClient, events: readonly RecordedEvent[], target: ProjectionTarget): Promise<void>;
}

export const LIVE_SCHEMA = 'public';

export const liveTarget = (projection: Projection): ProjectionTarget => ({
  schema: LIVE_SCHEMA,
  checkpointName: projection.name,
});

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** `"schema"."table"`, for SQL text: both names are checked, never taken from a request. */
export function qualifiedTable(schema: string, table: string): string {
  if (!IDENTIFIER.test(schema) || !IDENTIFIER.test(table))
    throw new RangeError(`not a plain SQL identifier: ${schema}.${table}`);
  return `"${schema}"."${table}"`;
}
