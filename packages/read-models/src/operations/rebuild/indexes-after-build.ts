import type { Pool, PoolClient } from '@factory/database';
import { LIVE_SCHEMA, type Projection, qualifiedTable } from '../../projector/projection.js';

type Db = Pool | PoolClient;

/*
 * A rebuild writes every row of its version once, from position zero: keeping each secondary
 * index up to date row by row is most of the cost of writing a row (the ledger's insert with its
 * six indexes took 2 to 2.8 times its insert with the key alone), while building an index once
 * over the finished table is one sort (issue 24, docs/benchmarks.md). So the
 * tables a projection names in `indexedAfterBuild` are built with their keys alone (what its
 * ON CONFLICT and key reads need), and get their other indexes, as the live tables define them,
 * once the build has reached the head, before the swap.
 */

/** The indexes of `table` that back no key (primary, unique or exclusion constraint). */
async function indexesBesideKeys(db: Db, table: string): Promise<Array<{ name: string; def: string }>> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = $1::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY i.indexrelid`,
    [table],
  );
  return rows;
}

/** Drops those indexes from the version's empty tables, just made beside the live ones. */
export async function dropIndexesUntilBuilt(client: PoolClient, projection: Projection, schema: string) {
  for (const table of projection.indexedAfterBuild ?? [])
    for (const { name } of await indexesBesideKeys(client, qualifiedTable(schema, table)))
      await client.query(`DROP INDEX ${qualifiedTable(schema, name)}`);
}

/** Index builds at once: each is one sort on one core, and they share the table's lock mode. */
const BUILDS_AT_ONCE = 2;

/**
 * Makes them on the built tables from the live tables' definitions, a few at once. Idempotent:
 * a rebuild resumed after a kill makes only those still missing.
 */
export async function createIndexesAfterBuild(pool: Pool, projection: Projection, schema: string) {
  const statements: string[] = [];
  for (const table of projection.indexedAfterBuild ?? []) {
    const on = ` ON ${LIVE_SCHEMA}.${table} `;
    for (const { def } of await indexesBesideKeys(pool, qualifiedTable(LIVE_SCHEMA, table))) {
      if (!def.includes(on)) throw new Error(`unexpected index definition on ${table}: ${def}`);
      statements.push(
        def
          .replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')
          .replace(on, ` ON ${qualifiedTable(schema, table)} `),
      );
    }
  }
  const builder = async () => {
    for (let next = statements.shift(); next !== undefined; next = statements.shift()) await pool.query(next);
  };
  await Promise.all(Array.from({ length: BUILDS_AT_ONCE }, builder));
}
