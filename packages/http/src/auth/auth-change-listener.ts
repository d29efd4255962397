import { listenForNotifications } from '@factory/database';

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
  return listenForNotifications({
    connection: { connectionString: databaseUrl },
    channel: AUTH_CHANNEL,
    onWake: onChange,
    onError,
    reconnectForever: true,
  });
}
