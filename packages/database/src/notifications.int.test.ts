import { randomBytes } from 'node:crypto';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { listenForNotifications } from './notifications.js';
import { createPool, type Pool } from './pool.js';

describeWith(['postgres'], 'listening for notifications', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createPool(db.url, { max: 2 });
  });
  afterAll(() => pool.end());

  const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 20 });

  it('wakes once listening, on each notification of its channel, and not on another channel', async () => {
    let wakes = 0;
    const listener = await listenForNotifications({
      connection: { connectionString: db.url },
      channel: 'probe_channel',
      onWake: () => wakes++,
      onError: (error) => {
        throw error;
      },
    });
    try {
      expect(wakes).toBe(1); // in place: whatever was sent before LISTEN is for the caller to look at
      await pool.query(`SELECT pg_notify('another_channel', 'x')`);
      await pool.query(`SELECT pg_notify('probe_channel', 'not json: {')`);
      await waitFor(() => expect(wakes).toBe(2));
      await pool.query(`SELECT pg_notify('probe_channel', '')`);
      await waitFor(() => expect(wakes).toBe(3));
    } finally {
      await listener.close();
    }
  });

  it('wakes again when it has reconnected after losing its connection, and listens on', async () => {
    const name = `listen_probe_${randomBytes(4).toString('hex')}`;
    let wakes = 0;
    const errors: Error[] = [];
    const listener = await listenForNotifications({
      connection: { connectionString: db.url, application_name: name },
      channel: 'probe_channel',
      onWake: () => wakes++,
      onError: (error) => errors.push(error),
      reconnectForever: true,
    });
    try {
      expect(wakes).toBe(1);
      await pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
        name,
      ]);
      // Back, and listening again: pg-listen re-issued LISTEN before saying it is connected.
      await waitFor(() => expect(wakes).toBe(2));
      await pool.query(`SELECT pg_notify('probe_channel', 'after')`);
      await waitFor(() => expect(wakes).toBe(3));
    } finally {
      await listener.close();
    }
  });
});
