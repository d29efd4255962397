import { createTestDatabase, describeWith, type TestDatabase } from '@factory/database/testing';
import { beforeAll, expect, it } from 'vitest';
import { HOLDER_LOCK_CLASS, KeyHolderSession } from './key-holder-session.js';

describeWith(['postgres'], 'KeyHolderSession', () => {
  let db: TestDatabase;
  const holdersLocked = async () =>
    (
      await db.pool.query<{ holder: number }>(
        `SELECT objid::int AS holder FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = $1::int::oid
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          ORDER BY 1`,
        [HOLDER_LOCK_CLASS],
      )
    ).rows.map((r) => r.holder);

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 2 });
  });

  it('holds a lock of its own per process while attempts run, and drops it once idle', async () => {
    const one = new KeyHolderSession({ connectionString: db.url }, 50);
    const two = new KeyHolderSession({ connectionString: db.url }, 50);
    const [a, b, c] = await Promise.all([one.acquire(), one.acquire(), two.acquire()]);
    // One session per process: its attempts share its holder; another process has its own.
    expect(a.holder).toBe(b.holder);
    expect(c.holder).not.toBe(a.holder);
    expect(await holdersLocked()).toEqual([a.holder, c.holder].sort((x, y) => x - y));

    // Still one attempt running in `one`: its lock stays; none in `two`: its lock goes.
    a.release();
    c.release();
    await expect.poll(holdersLocked).toEqual([a.holder]);
    b.release();
    await expect.poll(holdersLocked).toEqual([]);

    // The next attempt opens a session again, under a fresh holder.
    const d = await one.acquire();
    expect(await holdersLocked()).toEqual([d.holder]);
    d.release();
    await one.close();
    expect(await holdersLocked()).toEqual([]);
  });

  it('replaces a session whose connection was cut (its lock gone with it)', async () => {
    const session = new KeyHolderSession({ connectionString: db.url, application_name: 'holder-cut' });
    const first = await session.acquire();
    await db.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'holder-cut'",
    );
    await expect.poll(holdersLocked).toEqual([]);
    // The cut is noticed and the next attempt gets a live session, whose lock is held.
    await expect
      .poll(async () => {
        const next = await session.acquire();
        next.release();
        return (await holdersLocked()).includes(next.holder);
      })
      .toBe(true);
    first.release();
    await session.close();
  });
});
