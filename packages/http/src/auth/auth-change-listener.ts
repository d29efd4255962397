import pgListen from 'pg-listen';

// pg-listen is CommonJS with `exports.default`; under Node's ESM interop the function sits one level down.
const createSubscriber = pgListen.default;

export const AUTH_CHANNEL = 'auth_changed';

/**
 * Calls `onChange` whenever any instance's database transaction revokes a token, suspends or
 * reactivates a company or demotes a user (triggers in migration 0001 notify), and after every
 * reconnection, since notifications sent while disconnected are lost.
 */
export async function listenForAuthChanges(
  databaseUrl: string,
  onChange: () => void,
  onError: (error: Error) => void,
): Promise<{ close(): Promise<void> }> {
  const subscriber = createSubscriber(
    { connectionString: databaseUrl },
    {
      retryLimit: Number.POSITIVE_INFINITY,
      retryTimeout: Number.POSITIVE_INFINITY,
      retryInterval: 500,
      parse: (payload: string) => payload, // the payload is a table name, not JSON
    },
  );
  subscriber.notifications.on(AUTH_CHANNEL, onChange);
  subscriber.events.on('connected', onChange);
  subscriber.events.on('error', onError);
  await subscriber.connect();
  await subscriber.listenTo(AUTH_CHANNEL);
  return { close: () => subscriber.close() };
}
