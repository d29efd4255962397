import { createPool, type Pool } from '@factory/database';
import { type EventLog, type EventStore, openEventStore } from '@factory/event-store';

/** Connections per rebuild running at once (its batches, its log reads, its progress, its swap). */
const CONNECTIONS_PER_REBUILD = 5;

/**
 * One pool and one event store for the rebuilds a worker runs at once, made by the first and
 * ended by the last. Sharing the store shares its log tail: rebuilds that start together
 * (`reconstruir --todas`, or the open rebuilds a worker takes at start) read and decode each
 * event of the log once, not once each; they keep in step, at the pace of the slowest. Each
 * rebuild still has its own projector run, checkpoint and swap. The pool is apart from the live
 * builds' so that a swap waiting on live batches and readers never waits for a connection they
 * hold; it grows by CONNECTIONS_PER_REBUILD per rebuild it may host.
 */
export class SharedRebuildDatabase {
  #shared: { pool: Pool; eventStore: EventStore; users: number } | null = null;
  /** Rebuilds ready to read the log, and those waiting for the others (see `startTogether`). */
  #ready = 0;
  #waiting: Array<() => void> = [];

  constructor(
    private readonly databaseUrl: string,
    private readonly rebuildsAtOnce: number,
    private readonly eventLog: EventLog = { kind: 'postgres' },
  ) {}

  async use<T>(work: (pool: Pool, eventStore: EventStore) => Promise<T>): Promise<T> {
    if (!this.#shared) {
      const pool = createPool(this.databaseUrl, {
        max: CONNECTIONS_PER_REBUILD * this.rebuildsAtOnce,
        name: 'factory-rebuild',
      });
      this.#shared = { pool, eventStore: openEventStore(this.eventLog, { pool }), users: 0 };
    }
    const shared = this.#shared;
    shared.users++;
    try {
      return await work(shared.pool, shared.eventStore);
    } finally {
      shared.users--;
      this.#release();
      if (shared.users === 0) {
        if (this.#shared === shared) this.#shared = null;
        await shared.eventStore.close();
        await shared.pool.end();
      }
    }
  }

  /**
   * Waits (at most `maxWaitMs`) until every rebuild using the database is ready to read the log,
   * so that they subscribe together: the log tail serves readers inside its stretch only, and
   * one that starts after the others have moved on reads the whole log on its own.
   */
  async startTogether(maxWaitMs = 2000): Promise<void> {
    this.#ready++;
    try {
      if (this.#allReady()) return this.#release();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, maxWaitMs);
        this.#waiting.push(done);
        function done() {
          clearTimeout(timer);
          resolve();
        }
      });
    } finally {
      this.#ready--;
    }
  }

  #allReady(): boolean {
    return this.#shared !== null && this.#ready >= this.#shared.users;
  }

  #release(): void {
    if (!this.#allReady() && this.#shared !== null && this.#shared.users > 0) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const done of waiting) done();
  }
}
