import type { Pool } from '@factory/database';
import type pg from 'pg';
import pgListen from 'pg-listen';
import type { SubscribeOptions, Subscription } from '../event-store.js';
import { followLog } from '../subscription/follow-log.js';
import { EVENTS_APPENDED_CHANNEL } from './append-notifier.js';
import { readAll } from './read-all.js';
import { readHead } from './read-head.js';

// pg-listen is CommonJS with `exports.default`: depending on the loader, the default import is
// the factory itself or the module object holding it.
type CreateSubscriber = typeof pgListen.default;
const createSubscriber: CreateSubscriber =
  typeof pgListen === 'function' ? (pgListen as unknown as CreateSubscriber) : pgListen.default;

/**
 * Follows the global log: LISTEN on the append channel through pg-listen (its own connection,
 * reconnecting by itself for a few seconds) to wake up at once, and a poll every
 * `pollIntervalMs` that covers lost notifications and a listener that is gone for good.
 */
export function subscribe(
  pool: Pool,
  listenConfig: pg.ClientConfig | null,
  options: SubscribeOptions,
): Promise<Subscription> {
  return followLog(
    {
      readAll: (read) => readAll(pool, read),
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
}
