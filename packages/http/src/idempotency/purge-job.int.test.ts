import { randomBytes, randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith, redisUrl, type TestDatabase } from '@factory/database/testing';
import { startJobRunner } from '@factory/jobs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { beforeAll, expect, it } from 'vitest';
import { purgeExpiredKeys } from './idempotency-repository.js';
import { idempotencyPurgeJob, idempotencyPurgeSchedule, PURGE_JOB } from './purge-job.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;

describeWith(['postgres', 'redis'], 'idempotency key purge', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  /** Inserts finished keys created `hoursAgo` hours before NOW; returns their keys. */
  async function keysAged(...hoursAgo: number[]): Promise<string[]> {
    const keys = hoursAgo.map(() => randomUUID());
    for (const [i, key] of keys.entries()) {
      const created = new Date(NOW.getTime() - hoursAgo[i]! * HOUR);
      await db.pool.query(
        `INSERT INTO idempotency_keys (token_id, idempotency_key, empresa_id, fingerprint, attempt_id, state,
                                       status, headers, body, created_at, lease_until)
         VALUES ($1, $2, $1, '\\x00', $1, 'done', 201, '{}', '{}', $3, $3)`,
        [randomUUID(), key, created],
      );
    }
    return keys;
  }
  const remaining = async (keys: string[]) =>
    (
      await db.pool.query<{ k: string }>(
        'SELECT idempotency_key AS k FROM idempotency_keys WHERE idempotency_key = ANY($1)',
        [keys],
      )
    ).rows
      .map((r) => r.k)
      .sort();

  it('deletes the keys older than 24 hours and keeps the others', async () => {
    const [old, older, fresh, young] = await keysAged(24, 100, 23.9, 0);
    expect(await purgeExpiredKeys(db.pool, NOW)).toBeGreaterThanOrEqual(2);
    expect(await remaining([old!, older!, fresh!, young!])).toEqual([fresh!, young!].sort());
  });

  it('schedules one BullMQ job for every instance when Redis is there', async () => {
    const prefix = `test-purge-${randomBytes(4).toString('hex')}`;
    const lines: string[] = [];
    const log = { info: (_fields: object, message: string) => void lines.push(message) };
    const start = () =>
      startJobRunner({
        redisUrl: redisUrl(),
        kinds: [idempotencyPurgeJob({ pool: db.pool, log, clock: () => NOW })],
        schedules: [idempotencyPurgeSchedule(100)],
        log: quiet,
        prefix,
      });
    const one = await start();
    const two = await start();
    expect([one.mode, two.mode]).toEqual(['redis', 'redis']);
    const connection = new Redis(redisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue(`factory-${PURGE_JOB}`, { connection, prefix });
    try {
      expect(await queue.getJobSchedulersCount()).toBe(1);
      // The worker runs the scheduled job: nobody calls runOnce here.
      const [expired] = await keysAged(30);
      await expect.poll(() => remaining([expired!]), { timeout: 3000 }).toEqual([]);
      expect(lines.some((l) => l.includes('expired keys deleted'))).toBe(true);
    } finally {
      await one.close();
      await two.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    }
  });

  it('runs on a timer of its own without Redis', async () => {
    const purge = await startJobRunner({
      redisUrl: null,
      kinds: [idempotencyPurgeJob({ pool: db.pool, log: quiet, clock: () => NOW })],
      schedules: [idempotencyPurgeSchedule(20)],
      log: quiet,
    });
    expect(purge.mode).toBe('local');
    try {
      const [expired] = await keysAged(48);
      await expect.poll(() => remaining([expired!]), { timeout: 2000 }).toEqual([]);
    } finally {
      await purge.close();
    }
  });
});
