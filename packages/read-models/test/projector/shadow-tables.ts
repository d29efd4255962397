import { inTransaction, type Pool } from '@factory/database';
import {
  createDeferredIndexes,
  deferIndexes,
  forgetDeferredIndexes,
} from '../../src/projector/deferred-indexes.js';
import type { Projection, ProjectionTarget } from '../../src/projector/projection.js';
import { copyTableShapes } from '../../src/projector/shadow-tables.js';

/**
 * Shadow tables in `schema` and a checkpoint of their own at the start of the log: host the
 * projection with the returned target and it builds from position zero beside the live one,
 * which keeps serving: what the rebuild's determinism tests and the partition simulation build
 * into. Test support (issue 21 §4); `projecoes reconstruir` (operations/rebuild) prepares its
 * own version schema the same way, then swaps.
 */
export async function createShadowTables(
  pool: Pool,
  projection: Projection,
  schema: string,
): Promise<ProjectionTarget> {
  const target = { schema, checkpointName: `${projection.name}@${schema}` };
  await inTransaction(pool, async (client) => {
    await copyTableShapes(client, projection, schema);
    await client.query(
      `INSERT INTO projection_checkpoints (name) VALUES ($1)
       ON CONFLICT (name) DO UPDATE SET tx_id = 0, position = 0, watermark = NULL`,
      [target.checkpointName],
    );
  });
  return target;
}

/**
 * Tables in `schema` shaped as the projection's, with the secondary indexes of its
 * `indexedAfterBuild` tables deferred, as a build from the log's start has them; `makeIndexes`
 * makes them as that build does at the head (deferred-indexes.ts). For benches that write those
 * tables by other means (the ledger ceiling); `dropDeferredTables` removes them.
 */
export async function createDeferredTables(
  pool: Pool,
  projection: Projection,
  schema: string,
): Promise<{ makeIndexes(): Promise<void> }> {
  await inTransaction(pool, async (client) => {
    await copyTableShapes(client, projection, schema);
    await deferIndexes(client, projection, schema);
  });
  return { makeIndexes: () => createDeferredIndexes(pool, projection, schema) };
}

/** The schema of createDeferredTables, and what it still defers. */
export async function dropDeferredTables(pool: Pool, schema: string): Promise<void> {
  await forgetDeferredIndexes(pool, schema);
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
