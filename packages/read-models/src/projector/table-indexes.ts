import type { Pool, PoolClient } from '@factory/database';

/** The indexes of `table` (a qualified name) that back no key (primary, unique or exclusion constraint). */
export async function indexesBesideKeys(
  db: Pool | PoolClient,
  table: string,
): Promise<Array<{ name: string; def: string }>> {
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
