import type { PoolClient } from '@factory/database';
import { LIVE_SCHEMA, type Projection, qualifiedTable } from './projection.js';
import { indexesBesideKeys } from './table-indexes.js';

/**
 * Empty copies of a projection's live tables in `schema`: columns, defaults, checks, and every
 * key and index under the live one's own name (index names are per schema), so that once the
 * copy is swapped into `public` nothing tells it from the tables the migrations made.
 */
export async function copyTableShapes(
  client: PoolClient,
  projection: Projection,
  schema: string,
): Promise<void> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  for (const table of projection.tables) {
    const live = qualifiedTable(LIVE_SCHEMA, table);
    const copy = qualifiedTable(schema, table);
    await client.query(`DROP TABLE IF EXISTS ${copy}`);
    await client.query(
      `CREATE TABLE ${copy} (LIKE ${live} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED INCLUDING STORAGE)`,
    );
    // Keys (primary, unique, exclusion) by constraint, so they stay constraints with their names.
    const keys = await client.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'x') ORDER BY conname`,
      [live],
    );
    for (const key of keys.rows)
      await client.query(`ALTER TABLE ${copy} ADD CONSTRAINT "${key.name}" ${key.def}`);
    // The other indexes from their own definitions, pointed at the copy.
    const on = ` ON ${LIVE_SCHEMA}.${table} `;
    for (const { def } of await indexesBesideKeys(client, live)) {
      if (!def.includes(on)) throw new Error(`unexpected index definition on ${table}: ${def}`);
      await client.query(def.replace(on, ` ON ${copy} `));
    }
  }
}
