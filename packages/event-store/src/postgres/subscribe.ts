import { listenForNotifications, type Pool } from '@factory/database';
import type pg from 'pg';
import { LOG_START } from '../checkpoint.js';
import type { SubscribeOptions, Subscription } from '../event-store.js';
import { followLog } from '../subscription/follow-log.js';
import type { LogTail } from '../subscription/log-tail.js';
import { EVENTS_APPENDED_CHANNEL } from './append-notifier.js';
import { DEFAULT_BATCH } from './read-all.js';
import { readHead } from './read-head.js';

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
        // A reconnection may have missed notifications: the listener wakes the reader then too.
        const listener = await listenForNotifications({
          connection: listenConfig,
          channel: EVENTS_APPENDED_CHANNEL,
          onWake: wake,
          onError,
        });
        return () => listener.close();
      },
    },
    options,
  );
  subscription.done.then(reader.close, reader.close);
  return subscription;
}
