import type { Pool } from '@factory/database';
import type { EventStore, Subscription } from '../event-store.js';
import { type RowsAfterCommit, rowsAfterCommit } from '../postgres/rows-after-commit.js';
import type { InlineProjection } from '../write-side.js';
import { append } from './append.js';
import { appendToStream } from './append-to-stream.js';
import { checkpointOf } from './checkpoint-of.js';
import type { KurrentConnection } from './connection.js';
import { countEvents } from './count-events.js';
import { loadStreams } from './load-streams.js';
import { readAll } from './read-all.js';
import { readHead } from './read-head.js';
import { readStream } from './read-stream.js';
import { subscribe } from './subscribe.js';

export interface KurrentWriteOptions {
  /** PostgreSQL, where the write side's rows, snapshots and catch-up checkpoint live. */
  pool: Pool;
  /** The inline projections whose rows the catch-up re-derives from the log (their `rowsOf`). */
  projections: readonly InlineProjection[];
}

/**
 * The KurrentDB (EventStoreDB) adapter, from a connection string such as
 * `kurrentdb://localhost:2113?tls=false`. The store owns its client: close() disposes of it.
 * Made synchronously, as the PostgreSQL store is, so that choosing the log changes no caller;
 * the client package is loaded on first use (it brings a native bridge nobody else needs).
 * Without `write` the store reads and follows the log only (a projector's).
 */
export function createKurrentEventStore(connectionString: string, write?: KurrentWriteOptions): EventStore {
  let opening: Promise<KurrentConnection> | undefined;
  const connected = () => {
    opening ??= import('@kurrent/kurrentdb-client').then((kurrent) => ({
      kurrent,
      client: kurrent.KurrentDBClient.connectionString(connectionString),
    }));
    return opening;
  };
  const subscriptions = new Set<Subscription>();
  const rows: RowsAfterCommit | null = write
    ? rowsAfterCommit(write.pool, write.projections, {
        // A row of its own, from the log's start: every event's rows come through the catch-up.
        checkpointName: 'rows-kurrentdb',
        readHead: async () => readHead(await connected()),
        readAll: async (read) => readAll(await connected(), read),
      })
    : null;
  const writeSide = () => {
    if (!write || !rows)
      throw new Error('KurrentDB event store opened without its write side (pool, projections)');
    return { pool: write.pool, rows };
  };
  return {
    appendToStream: async (stream, events, options) =>
      appendToStream(await connected(), stream, events, options),
    readStream: async (stream, options) => readStream(await connected(), stream, options),
    loadStreams: async (streams) => loadStreams(await connected(), writeSide().pool, streams),
    append: async (request) => append(await connected(), writeSide(), request),
    writeSideRowsCurrent: async () => writeSide().rows.current(),
    readAll: async (options) => readAll(await connected(), options),
    readHead: async () => readHead(await connected()),
    countEvents: async (count) => countEvents(await connected(), count),
    checkpointOf: async (position) => checkpointOf(await connected(), position),
    async subscribe(options) {
      const subscription = await subscribe(await connected(), options);
      subscriptions.add(subscription);
      const forget = () => subscriptions.delete(subscription);
      subscription.done.then(forget, forget);
      return subscription;
    },
    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (opening) await (await opening).client.dispose();
    },
  };
}
