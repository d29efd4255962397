import type { EventStore, Subscription } from '../event-store.js';
import { appendToStream } from './append-to-stream.js';
import { checkpointOf } from './checkpoint-of.js';
import type { KurrentConnection } from './connection.js';
import { countEvents } from './count-events.js';
import { readAll } from './read-all.js';
import { readHead } from './read-head.js';
import { readStream } from './read-stream.js';
import { subscribe } from './subscribe.js';

/**
 * The KurrentDB (EventStoreDB) adapter, from a connection string such as
 * `kurrentdb://localhost:2113?tls=false`. The store owns its client: close() disposes of it.
 * Made synchronously, as the PostgreSQL store is, so that choosing the log changes no caller;
 * the client package is loaded on first use (it brings a native bridge nobody else needs).
 */
export function createKurrentEventStore(connectionString: string): EventStore {
  let opening: Promise<KurrentConnection> | undefined;
  const connected = () => {
    opening ??= import('@kurrent/kurrentdb-client').then((kurrent) => ({
      kurrent,
      client: kurrent.KurrentDBClient.connectionString(connectionString),
    }));
    return opening;
  };
  const subscriptions = new Set<Subscription>();
  return {
    appendToStream: async (stream, events, options) =>
      appendToStream(await connected(), stream, events, options),
    readStream: async (stream, options) => readStream(await connected(), stream, options),
    // The write path's methods are being written for this adapter (issue 9): until then a write
    // through KurrentDB fails loudly rather than half-works.
    loadStreams: () => notYet('loadStreams'),
    append: () => notYet('append'),
    writeSideRowsCurrent: () => notYet('writeSideRowsCurrent'),
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

const notYet = (method: string): Promise<never> =>
  Promise.reject(new Error(`KurrentDB event store: ${method} is not implemented yet`));
