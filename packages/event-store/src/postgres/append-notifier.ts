import type { Pool } from '@factory/database';
import pg from 'pg';
import { CoalescedTask } from './coalesced-task.js';

/** The LISTEN/NOTIFY channel that says "events were appended" (no payload). */
export const EVENTS_APPENDED_CHANNEL = 'events_appended';

// An idle connection is closed after this long; a later append opens a new one.
const IDLE_MS = 5_000;

/**
 * Wakes the log's listeners after appends have committed, at a cost of O(1) per burst instead
 * of one NOTIFY per append.
 *
 * Why not `pg_notify` inside the append's transaction: PostgreSQL serialises the commits of all
 * notifying transactions (a global lock held through each commit's WAL flush, to keep the
 * notification queue in commit order), so every append would queue behind every other one. Here
 * an append only pokes this notifier after its commit; the notifier sends a plain
 * `NOTIFY events_appended` on a connection of its own, one at a time, plus one trailing NOTIFY
 * for the pokes that arrived while one was in flight. Every commit is thus followed by at least
 * one NOTIFY sent after it, and the notifying commits never hold up an append.
 *
 * Best effort: a NOTIFY that fails is dropped. Subscribers poll as well, so a lost notification
 * costs at most one poll interval.
 */
export class AppendNotifier {
  #client: Promise<pg.Client> | null = null;
  #idleTimer: NodeJS.Timeout | undefined;
  readonly #task = new CoalescedTask(
    () => this.#notify(),
    () => this.#closeWhenIdle(),
  );

  constructor(private readonly config: pg.ClientConfig) {}

  /** Call after a commit that appended events. Never waits, never throws. */
  poke(): void {
    clearTimeout(this.#idleTimer);
    this.#task.demand();
  }

  /** Waits for the NOTIFY in flight and closes the connection; a later poke opens a new one. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    await this.#task.settled();
    await this.#disconnect();
  }

  async #notify(): Promise<void> {
    try {
      const client = await this.#connect();
      await client.query(`NOTIFY ${EVENTS_APPENDED_CHANNEL}`);
    } catch (error) {
      await this.#disconnect();
      throw error;
    }
  }

  #connect(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    const client = new pg.Client(this.config);
    const connecting = client.connect().then(() => {
      // Best effort must not keep a finished process alive: the socket does not hold the loop.
      (
        client as unknown as { connection?: { stream?: { unref?: () => void } } }
      ).connection?.stream?.unref?.();
      return client;
    });
    // A connection that breaks (server restart, database dropped) is simply replaced.
    client.on('error', () => {
      if (this.#client === connecting) this.#client = null;
      client.end().catch(() => undefined);
    });
    this.#client = connecting;
    return connecting;
  }

  async #disconnect(): Promise<void> {
    const connecting = this.#client;
    this.#client = null;
    if (connecting) await connecting.then((client) => client.end()).catch(() => undefined);
  }

  #closeWhenIdle(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => void this.#disconnect(), IDLE_MS);
    this.#idleTimer.unref();
  }
}

// One notifier per pool, that is per database and process, whichever store or caller appends.
const notifiers = new WeakMap<Pool, AppendNotifier>();

export function appendNotifierOf(pool: Pool): AppendNotifier {
  let notifier = notifiers.get(pool);
  if (!notifier) {
    const name = pool.options.application_name ?? 'factory';
    notifier = new AppendNotifier({ ...pool.options, application_name: `${name}-notifier` });
    notifiers.set(pool, notifier);
  }
  return notifier;
}

/**
 * Wakes the log's listeners (coalesced, after the fact). `appendToStream` and `appendStreams`
 * call it themselves; a caller of `appendInTransaction` calls it after its own COMMIT.
 */
export function notifyAppended(pool: Pool): void {
  appendNotifierOf(pool).poke();
}
