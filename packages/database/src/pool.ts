import pg from 'pg';

// numeric and int8 come back as strings by default; our amounts fit doubles once rounded in SQL,
// and positions and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/**
 * `connectTimeoutMs` bounds the wait for a new connection: short (3 s) for the APIs, whose
 * callers must get a 503 rather than a hang; a one-shot command on a busy machine may wait longer.
 *
 * `indexPlans`: plans take the index of a statement's key over a scan of its table
 * (`enable_seqscan = off`: a scan is priced out, still taken where no index serves). For a
 * long-lived process whose every statement finds rows by key, on tables that grow from empty
 * under it (the write API: the log, the idempotency keys). A connection settles on a generic plan
 * at a named statement's sixth run and keeps it until the table's statistics change; settled on a
 * table analyzed while empty, that plan scanned it for every key of every batch. Planning at
 * every run (`plan_cache_mode = force_custom_plan`) also avoids it, but re-plans the group
 * append at every batch, on the group commit's critical path: measured slower (docs/benchmarks.md).
 */
export function createPool(
  connectionString: string,
  options: { max?: number; name?: string; connectTimeoutMs?: number; indexPlans?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    ...(options.indexPlans ? { options: '-c enable_seqscan=off' } : {}),
    max: options.max ?? 10,
    application_name: options.name ?? 'factory',
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3_000,
    idleTimeoutMillis: 30_000,
    // A server gone without closing its sockets (a crashed host) is noticed instead of waited for.
    keepAlive: true,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor a checked-out one between two queries (a transaction's, while its caller awaits other
  // work): pg-pool listens to idle clients only, and a server shutdown's FATAL would be an
  // uncaught 'error'. The caller's next query fails instead (a 503), and release drops the client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Runs `work` in a transaction on one client, committing on success and rolling back on any throw.
 * `settings` (constant `SET LOCAL ...` text, never built from input) travel with the BEGIN: one
 * round trip fewer for a caller that sets them in every transaction.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  settings?: string,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(settings ? `BEGIN; ${settings}` : 'BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
