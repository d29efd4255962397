import type pg from 'pg';
import pgListen from 'pg-listen';

// pg-listen is CommonJS with `exports.default`: depending on the loader (Node's ESM interop,
// tsx, vitest), the default import is the factory itself or the module object holding it.
type CreateSubscriber = typeof pgListen.default;
const createSubscriber: CreateSubscriber =
  typeof pgListen === 'function' ? (pgListen as unknown as CreateSubscriber) : pgListen.default;

export interface NotificationListenerOptions {
  /** Where to listen: a connection of its own, apart from any pool. */
  connection: pg.ClientConfig;
  channel: string;
  /**
   * A notification on the channel, or the listener (re)connected: once LISTEN is in place, and
   * after every reconnection, since what was sent while it was away is lost. Either way the
   * caller looks at the database again; the payload is not passed on.
   */
  onWake: () => void;
  onError: (error: Error) => void;
  /**
   * Keep reconnecting for as long as the process lives. Without it pg-listen gives up after a
   * few seconds (`onError` tells), for callers that poll as well and can do without it.
   */
  reconnectForever?: boolean;
}

/**
 * LISTEN on one channel through pg-listen, the one way this codebase listens: the event log's
 * subscriptions, the auth cache and the rebuild follower wake up through it.
 */
export async function listenForNotifications(
  options: NotificationListenerOptions,
): Promise<{ close(): Promise<void> }> {
  const subscriber = createSubscriber(options.connection, {
    // The payload is never JSON here (a table name, an id): keep pg-listen from parsing it.
    parse: (payload: string) => payload,
    ...(options.reconnectForever
      ? { retryLimit: Number.POSITIVE_INFINITY, retryTimeout: Number.POSITIVE_INFINITY, retryInterval: 500 }
      : {}),
  });
  subscriber.events.on('error', options.onError);
  subscriber.notifications.on(options.channel, () => options.onWake());
  try {
    await subscriber.connect();
    await subscriber.listenTo(options.channel);
  } catch (error) {
    await subscriber.close().catch(() => undefined);
    throw error;
  }
  // From here on: pg-listen says `connected` once it has reconnected and listens again.
  subscriber.events.on('connected', () => options.onWake());
  options.onWake();
  return { close: () => subscriber.close() };
}
