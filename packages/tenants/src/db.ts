import type { Pool, PoolClient } from '@factory/database';

/** Repositories run on a pool or on a client inside the caller's transaction. */
export type Queryable = Pool | PoolClient;

/** Transaction-scoped advisory lock: callers holding the same key run one at a time. */
export async function advisoryXactLock(db: Queryable, key: number): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1)', [key]);
}
