import type { SubscribeOptions, Subscription } from '../event-store.js';
import { followLog } from '../subscription/follow-log.js';
import type { KurrentConnection } from './connection.js';
import { ourStreams } from './our-streams.js';
import { readAll } from './read-all.js';

const CONFIRMATION_WAIT_MS = 5000;

/**
 * The same batch loop as PostgreSQL's, woken by a live subscribeToAll from the end of $all:
 * the subscription only says "something was appended", the loop reads it by checkpoint, so a
 * dropped subscription costs latency (the poll), never events.
 */
export function subscribe(connection: KurrentConnection, options: SubscribeOptions): Promise<Subscription> {
  const { kurrent, client } = connection;
  return followLog(
    {
      readAll: (read) => readAll(connection, read),
      async listen(wake, onError) {
        const live = client.subscribeToAll({
          fromPosition: kurrent.END,
          filter: ourStreams(kurrent),
        });
        live.on('data', wake);
        live.on('error', onError);
        // Appends made before the server confirms would not wake us: wait for it, a while.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, CONFIRMATION_WAIT_MS);
          live.once('confirmation', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        return () => live.unsubscribe();
      },
    },
    options,
  );
}
