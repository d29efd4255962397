import { randomUUID } from 'node:crypto';
import { startJobRunner } from '@factory/jobs';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it, vi } from 'vitest';
import { silentLog } from '../../projector/projector-log.js';
import { followOpenRebuilds } from './follow-open-rebuilds.js';
import { REBUILD_JOB } from './rebuild-job.js';
import { requestRebuild } from './rebuild-record.js';

// Its periodic look is set an hour apart: only the request's notification can hand the rebuild
// over within the test's time.
const AN_HOUR = 3_600_000;

describeWith(['postgres'], 'following open rebuilds', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  // The job runner in this process, with a job of the rebuild's name that only notes its id.
  const startRunner = async (taken: string[]) =>
    startJobRunner({
      redisUrl: null,
      kinds: [{ name: REBUILD_JOB, run: async (ctx) => void taken.push((ctx.data as { id: string }).id) }],
      log: silentLog,
    });

  it('hands a requested rebuild to the job runner when it is requested, not at its next look', async () => {
    const taken: string[] = [];
    const jobs = await startRunner(taken);
    const follower = await followOpenRebuilds({
      pool: db.pool,
      jobs,
      log: silentLog,
      listen: { connectionString: db.url },
      everyMs: AN_HOUR,
    });
    try {
      const rebuild = await requestRebuild(db.pool, 'estoque');
      await vi.waitFor(() => expect(taken).toContain(rebuild.id), { timeout: 30_000, interval: 20 });
    } finally {
      await follower.close();
      await jobs.close();
    }
  });

  it('takes up the rebuilds already open when it starts, without listening', async () => {
    const open = await requestRebuild(db.pool, 'catalogo', randomUUID());
    const taken: string[] = [];
    const jobs = await startRunner(taken);
    const follower = await followOpenRebuilds({ pool: db.pool, jobs, log: silentLog, everyMs: AN_HOUR });
    try {
      await vi.waitFor(() => expect(taken).toContain(open.id), { timeout: 30_000, interval: 20 });
    } finally {
      await follower.close();
      await jobs.close();
    }
  });
});
