import type { Pool, PoolClient } from '@factory/database';

// The auth layer flushes the tokens' last use on a timer, whatever the requests: not the batch's.
const TIMED = /UPDATE tokens t SET ultimo_uso_em/;

/**
 * With rows after the commit, the catch-up's looks at the log: the head, the checkpoint, the log
 * read and their transaction's brackets. It looks again while a transaction that could write the
 * log is older than the head (read-all.ts), as often as other work makes it: not the batch's.
 * Its writes (the rows, the checkpoint's move) still count.
 */
export const CATCH_UP_LOOKS =
  /^\s*(BEGIN|COMMIT)\b|SELECT now\(\) AS at|SELECT tx_id, position FROM write_side_checkpoint|pg_snapshot_xip/;

/**
 * Counts the statements sent to PostgreSQL while `work` runs, from the pool's clients: every
 * query goes through a client the pool hands out (`pool.query` too), so wrapping each client's
 * `query` once counts them all, sent as they are (the timed flush above aside).
 */
export function statementCounter(pool: Pool, uncounted: RegExp | null = null) {
  let counting = false;
  let count = 0;
  const wrapped = new WeakSet<PoolClient>();
  const wrap = (client: PoolClient) => {
    if (!wrapped.has(client)) {
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const text = (args[0] as { text?: unknown } | null)?.text ?? args[0];
        if (counting && !TIMED.test(String(text)) && !uncounted?.test(String(text))) count++;
        return query(...args);
      };
    }
    return client;
  };
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: unknown }).connect = (callback?: (...args: unknown[]) => void) =>
    callback
      ? connect((error: unknown, client: PoolClient | undefined, done: unknown) =>
          callback(error, client && wrap(client), done),
        )
      : (connect() as Promise<PoolClient>).then(wrap);
  return async (work: () => Promise<void>): Promise<number> => {
    count = 0;
    counting = true;
    try {
      await work();
    } finally {
      counting = false;
    }
    return count;
  };
}
