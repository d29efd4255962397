import { randomInt } from 'node:crypto';
import type { Pool } from '@factory/database';
import pg from 'pg';

/**
 * The first key of the two-key advisory locks that name key holders (pg_advisory_lock(int, int)).
 * The service's other advisory locks take one bigint key, a separate space in PostgreSQL.
 */
export const HOLDER_LOCK_CLASS = 7_302_023;

// With no attempt running, the connection is closed after this long; the next attempt opens one.
const IDLE_MS = 5_000;

interface Session {
  client: pg.Client;
  holder: number;
}

/**
 * Who holds a running idempotency key, as the database sees it: one connection per process and
 * database, outside the pool, holding a session-level advisory lock (HOLDER_LOCK_CLASS, holder)
 * while any of the process's attempts runs. A claim records `holder` in the key's row; a repeat
 * that finds the row running and that lock gone knows the attempt's process died (its connection
 * closed with it, so PostgreSQL released the lock) and takes the key over at once.
 *
 * Why one session per process, not a lock per request: a request does not keep a connection.
 * Its claim, its reads and its append are short statements on pooled connections, and the
 * append and the claim are shared by many requests (group commit: one statement, one commit for
 * a burst). A transaction-level lock would need the request's whole work in one transaction on
 * one connection, which group commit cannot give; a session-level lock per request would hold a
 * pooled connection for the request's whole life (it must then be unlocked before the connection
 * goes back), doubling the connections in use under load and adding two round trips. The process's
 * own session costs one connection and nothing per request, and what must be detected, a dead
 * process, is exactly what ends it. A request that fails in a live process releases its key
 * itself (with-idempotency.ts); the key's lease is the backstop for one that could not.
 */
export class KeyHolderSession {
  #session: Promise<Session> | null = null;
  #running = 0;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly idleMs = IDLE_MS,
  ) {}

  /**
   * Marks one attempt as running in this process until `release`, and returns the holder to
   * record in its claim. The lock is held when this resolves.
   */
  async acquire(): Promise<{ holder: number; release: () => void }> {
    this.#running++;
    clearTimeout(this.#idleTimer);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (--this.#running === 0) this.#closeWhenIdle();
    };
    try {
      return { holder: (await this.#connect()).holder, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Drops the connection (and with it the lock); a later acquire opens another. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const session = this.#session;
    this.#session = null;
    if (session) await session.then(({ client }) => client.end()).catch(() => undefined);
  }

  #connect(): Promise<Session> {
    if (this.#session) return this.#session;
    const client = new pg.Client(this.config);
    const session = (async () => {
      await client.connect();
      // A finished process must not be kept alive by this connection: the socket is unref'd.
      (
        client as unknown as { connection?: { stream?: { unref?: () => void } } }
      ).connection?.stream?.unref?.();
      // A random holder, taken only if no live session has it: two live processes never share
      // one. A dead process's holder drawn again (one chance in 2^31) only delays the takeover of
      // its keys to their lease.
      for (;;) {
        const holder = randomInt(1, 2 ** 31 - 1);
        const { rows } = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1::int, $2::int) AS ok',
          [HOLDER_LOCK_CLASS, holder],
        );
        if (rows[0]!.ok) return { client, holder };
      }
    })();
    // A connection that breaks (server restart, database dropped) is replaced by the next
    // acquire; the attempts it held are then seen as dead and may be taken over, which the
    // deterministic event ids make harmless.
    const drop = () => {
      if (this.#session === session) this.#session = null;
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', () => {
      if (this.#session === session) this.#session = null;
    });
    session.catch(drop);
    this.#session = session;
    return session;
  }

  #closeWhenIdle(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#running === 0) void this.close();
    }, this.idleMs);
    this.#idleTimer.unref();
  }
}

// One session per pool, that is per database and process, whichever route claims.
const sessions = new WeakMap<Pool, KeyHolderSession>();

export function keyHolderSessionOf(pool: Pool): KeyHolderSession {
  let session = sessions.get(pool);
  if (!session) {
    const name = pool.options.application_name ?? 'factory';
    session = new KeyHolderSession({ ...pool.options, application_name: `${name}-key-holder` });
    sessions.set(pool, session);
  }
  return session;
}
