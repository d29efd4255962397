import type { Pool } from '@factory/database';
import type pg from 'pg';
import pgListen from 'pg-listen';
import { LOG_START } from '../checkpoint.js';
import type { SubscribeOptions, Subscription } from '../event-store.js';
import { followLog } from '../subscription/follow-log.js';
import type { LogTail } from '../subscription/log-tail.js';
import { EVENTS_APPENDED_CHANNEL } from './append-notifier.js';
import { DEFAULT_BATCH } from './read-all.js';
import { readHead } from './read-head.js';

// pg-listen is CommonJS with `exports.default`: depending on the loader, the default import is
// the factory itself or the module object holding it.
type CreateSubscriber = typeof pgListen.default;
const createSubscriber: CreateSubscriber =
  typeof pgListen === 'function' ? (pgListen as unknown as CreateSubscriber) : pgListen.default;

/**
 * Follows the global log: LISTEN on the append channel through pg-listen (its own connection,
 * reconnecting by itself for a few seconds) to wake up at once, and a poll every
 * `pollIntervalMs` that covers lost notifications and a listener that is gone for good. Reads go
 * through the store's tail (log-tail.ts), shared with its other subscriptions.
 */
export async function subscribe(
  pool: Pool,
  tail: LogTail,
  listenConfig: pg.ClientConfig | null,
  options: SubscribeOptions,
): Promise<Subscription> {
  const reader = tail.reader(options.after ?? LOG_START);
  const subscription = await followLog(
    {
      readAll: (read) => reader.read({ after: read.after ?? LOG_START, limit: read.limit ?? DEFAULT_BATCH }),
      readHead: () => readHead(pool),
      async listen(wake, onError) {
        if (!listenConfig) return async () => undefined;
        const subscriber = createSubscriber(listenConfig, { parse: (payload) => payload });
        subscriber.events.on('error', onError);
        subscriber.notifications.on(EVENTS_APPENDED_CHANNEL, wake);
        // A reconnection may have missed notifications: read once more.
        subscriber.events.on('reconnect', wake);
        try {
          await subscriber.connect();
          await subscriber.listenTo(EVENTS_APPENDED_CHANNEL);
        } catch (error) {
          await subscriber.close().catch(() => undefined);
          throw error;
        }
        return () => subscriber.close();
      },
    },
    options,
  );
  subscription.done.then(reader.close, reader.close);
  return subscription;
}
