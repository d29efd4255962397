import { inTransaction, type Pool } from '@factory/database';
import { LIVE_SCHEMA, type Projection, type ProjectionTarget, qualifiedTable } from './projection.js';

/**
 * Empty copies of a projection's live tables (columns, constraints, indexes) in `schema`, and a
 * checkpoint of their own at the start of the log: host the projection with the returned target
 * and it builds from position zero beside the live one, which keeps serving.
 *
 * The swap (a later operator command) is one transaction: lock both checkpoint rows, move the
 * live tables out of `public` and the shadow ones in (ALTER TABLE ... SET SCHEMA), and give the
 * shadow checkpoint the live name. Queries name tables unqualified in `public`, and the live
 * worker's next batch finds its checkpoint moved and resumes from the swapped one.
 */
export async function createShadowTables(
  pool: Pool,
  projection: Projection,
  schema: string,
): Promise<ProjectionTarget> {
  const target = { schema, checkpointName: `${projection.name}@${schema}` };
  await inTransaction(pool, async (client) => {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    for (const table of projection.tables) {
      await client.query(`DROP TABLE IF EXISTS ${qualifiedTable(schema, table)}`);
      await client.query(
        `CREATE TABLE ${qualifiedTable(schema, table)} (LIKE ${qualifiedTable(LIVE_SCHEMA, table)} INCLUDING ALL)`,
      );
    }
    await client.query(
      `INSERT INTO projection_checkpoints (name) VALUES ($1)
       ON CONFLICT (name) DO UPDATE SET tx_id = 0, position = 0, watermark = NULL`,
      [target.checkpointName],
    );
  });
  return target;
}
