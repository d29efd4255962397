import type { Pool } from '@factory/database';
import type pg from 'pg';
import type { EventStore, Subscription } from '../event-store.js';
import { LogTail } from '../subscription/log-tail.js';
import type { InlineProjection } from '../write-side.js';
import { type AfterCommit, append } from './append.js';
import { appendNotifierOf } from './append-notifier.js';
import { appendToStream } from './append-to-stream.js';
import { checkpointOf } from './checkpoint-of.js';
import { countEvents } from './count-events.js';
import { loadStreams } from './load-streams.js';
import { readAll } from './read-all.js';
import { readHead } from './read-head.js';
import { readStream } from './read-stream.js';
import { rowsAfterCommit } from './rows-after-commit.js';
import { subscribe } from './subscribe.js';

export interface PostgresEventStoreOptions {
  /** The caller's pool; the store never ends it. */
  pool: Pool;
  /**
   * Where subscriptions LISTEN (one connection each). By default the pool's own settings;
   * null to poll only (e.g. behind a transaction-mode pooler, where LISTEN does not work).
   */
  listen?: pg.ClientConfig | null;
  /**
   * Where the projections' rows are written: in the append's own commit (the default), or after
   * it, as a log that cannot hold our tables in its transaction (KurrentDB) must, so that this
   * path is tested here: unique keys then rest on reservation streams in the log, and a
   * checkpointed catch-up re-derives missing rows with `projections` (their `rowsOf`, in the
   * order given for each event) before reads.
   */
  rows?:
    | { mode: 'in-commit' }
    | { mode: 'after-commit'; projections: readonly InlineProjection[]; afterCommit?: () => void };
}

/** The PostgreSQL store: the port, plus what callers of `appendInTransaction` need. */
export interface PostgresEventStore extends EventStore {
  /** Wakes the log's listeners; call after committing a transaction that appended. */
  notifyAppended(): void;
}

export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const { pool } = options;
  const notifier = appendNotifierOf(pool);
  const listen = options.listen === undefined ? pool.options : options.listen;
  const subscriptions = new Set<Subscription>();
  // One tail per store: its subscriptions (a worker's projections) read each event once.
  const tail = new LogTail((read) => readAll(pool, read));
  const rows = options.rows;
  const after: AfterCommit | null =
    rows?.mode === 'after-commit'
      ? {
          rows: rowsAfterCommit(pool, rows.projections, {
            checkpointName: 'rows',
            readHead: () => readHead(pool),
            readAll: (read, client) => readAll(client, read),
          }),
          afterCommit: rows.afterCommit,
        }
      : null;
  return {
    rowsCommitWithEvents: after === null,
    appendToStream: (stream, events, append) => appendToStream(pool, stream, events, append),
    readStream: (stream, read) => readStream(pool, stream, read),
    loadStreams: (streams) => loadStreams(pool, streams),
    append: (request) => append(pool, request, after),
    // In the default mode rows commit in the append's transaction: never behind the log.
    writeSideRowsCurrent: async () => after?.rows.current(),
    readAll: (read) => readAll(pool, read),
    readHead: () => readHead(pool),
    countEvents: (count) => countEvents(pool, count),
    checkpointOf: (position) => checkpointOf(pool, position),
    notifyAppended: () => notifier.poke(),
    async subscribe(subscribeOptions) {
      const subscription = await subscribe(pool, tail, listen, subscribeOptions);
      subscriptions.add(subscription);
      subscription.done.then(
        () => subscriptions.delete(subscription),
        () => subscriptions.delete(subscription),
      );
      return subscription;
    },
    async close() {
      // The notifier is shared by the pool's stores; closing it only drops its connection.
      await Promise.all([...[...subscriptions].map((s) => s.close()), notifier.close()]);
    },
  };
}
