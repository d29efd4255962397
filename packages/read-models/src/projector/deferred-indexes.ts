import { inTransaction, type Pool, type PoolClient } from '@factory/database';
import { type Projection, qualifiedTable } from './projection.js';
import { indexesBesideKeys } from './table-indexes.js';

type Db = Pool | PoolClient;

/*
 * A build that writes most of a table's rows from nothing (a rebuild's version, a live build
 * starting from the log's start) keeps the secondary indexes of the tables its projection names
 * in `indexedAfterBuild` out of the way until it reaches the head: keeping an index up to date
 * row by row was most of the cost of writing a ledger row (113 to 157 µs a row with the
 * ledger's six indexes, 60 to 66 µs with its key alone), while building it once over the
 * finished table is one sort (issue 24, docs/benchmarks.md). Keys stay: ON CONFLICT and the
 * projections' reads by key need them.
 *
 * The dropped definitions wait in projection_deferred_indexes (migration 0160), so that any
 * worker, after any kill, makes exactly those again: each index is made in the transaction that
 * deletes its row.
 */

const deferredTables = (projection: Projection) => [...(projection.indexedAfterBuild ?? [])];

/**
 * Drops those indexes of the projection's tables in `schema`, keeping their definitions to make
 * them again; `forGood`: without keeping them (a scratch copy that is read by its keys only and
 * dropped after, as verificar's replay). Inside the caller's transaction, which decided that the
 * build may do without them.
 */
export async function deferIndexes(
  client: PoolClient,
  projection: Projection,
  schema: string,
  { forGood = false } = {},
): Promise<void> {
  for (const table of deferredTables(projection))
    for (const { name, def } of await indexesBesideKeys(client, qualifiedTable(schema, table))) {
      if (!forGood)
        await client.query(
          `INSERT INTO projection_deferred_indexes (schema_name, index_name, table_name, definition)
           VALUES ($1, $2, $3, $4) ON CONFLICT (schema_name, index_name) DO NOTHING`,
          [schema, name, table, def],
        );
      await client.query(`DROP INDEX ${qualifiedTable(schema, name)}`);
    }
}

/** Whether the projection's tables in `schema` (any table, without one) still wait for indexes deferred by a build. */
export async function hasDeferredIndexes(
  db: Db,
  projection: Projection | null,
  schema: string,
): Promise<boolean> {
  const { rows } = await db.query<{ waiting: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM projection_deferred_indexes
                     WHERE schema_name = $1 AND ($2::text[] IS NULL OR table_name = ANY($2))) AS waiting`,
    [schema, projection && deferredTables(projection)],
  );
  return rows[0]!.waiting;
}

/** Index builds at once: each is one sort on one core, and they share the table's lock mode. */
const BUILDS_AT_ONCE = 2;

/**
 * Makes the deferred indexes of the projection's tables in `schema`, a few at once, each in the
 * transaction that deletes its definition, taken with SKIP LOCKED: two workers share the work
 * and never make one index twice. Call it with the build's own writes stopped: an index build
 * waits for the transactions writing its table, and blocks their next writes until it is done.
 */
export async function createDeferredIndexes(
  pool: Pool,
  projection: Projection,
  schema: string,
): Promise<void> {
  const builder = async () => {
    for (;;) {
      const made = await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ index_name: string; definition: string }>(
          `SELECT index_name, definition FROM projection_deferred_indexes
            WHERE schema_name = $1 AND table_name = ANY($2)
            ORDER BY deferred_at, index_name LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [schema, deferredTables(projection)],
        );
        const next = rows[0];
        if (!next) return false;
        await client.query(
          next.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '),
        );
        await client.query(
          'DELETE FROM projection_deferred_indexes WHERE schema_name = $1 AND index_name = $2',
          [schema, next.index_name],
        );
        return true;
      });
      if (!made) return;
    }
  };
  await Promise.all(Array.from({ length: BUILDS_AT_ONCE }, builder));
}

/** A version's schema is dropped: what it deferred goes with it. */
export async function forgetDeferredIndexes(db: Db, schema: string): Promise<void> {
  await db.query('DELETE FROM projection_deferred_indexes WHERE schema_name = $1', [schema]);
}
