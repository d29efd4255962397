import type { EventStore, Subscription } from '../event-store.js';
import { appendToStream } from './append-to-stream.js';
import { checkpointOf } from './checkpoint-of.js';
import type { KurrentConnection } from './connection.js';
import { readAll } from './read-all.js';
import { readHead } from './read-head.js';
import { readStream } from './read-stream.js';
import { subscribe } from './subscribe.js';

/**
 * The KurrentDB (EventStoreDB) adapter, from a connection string such as
 * `kurrentdb://localhost:2113?tls=false`. The store owns its client: close() disposes of it.
 */
export async function createKurrentEventStore(connectionString: string): Promise<EventStore> {
  const kurrent = await import('@kurrent/kurrentdb-client');
  const connection: KurrentConnection = {
    kurrent,
    client: kurrent.KurrentDBClient.connectionString(connectionString),
  };
  const subscriptions = new Set<Subscription>();
  return {
    appendToStream: (stream, events, options) => appendToStream(connection, stream, events, options),
    readStream: (stream, options) => readStream(connection, stream, options),
    // The write path's methods are being written for this adapter (issue 9): until then a write
    // through KurrentDB fails loudly rather than half-works.
    loadStreams: () => notYet('loadStreams'),
    append: () => notYet('append'),
    writeSideRowsCurrent: () => notYet('writeSideRowsCurrent'),
    readAll: (options) => readAll(connection, options),
    readHead: () => readHead(connection),
    checkpointOf: (position) => checkpointOf(connection, position),
    async subscribe(options) {
      const subscription = await subscribe(connection, options);
      subscriptions.add(subscription);
      const forget = () => subscriptions.delete(subscription);
      subscription.done.then(forget, forget);
      return subscription;
    },
    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await connection.client.dispose();
    },
  };
}

const notYet = (method: string): Promise<never> =>
  Promise.reject(new Error(`KurrentDB event store: ${method} is not implemented yet`));
