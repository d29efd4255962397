import type { Pool } from '@factory/database';
import type { JobRunner } from '@factory/jobs';
import { Pause, type ProjectorLog } from '../../projector/projector-log.js';
import { REBUILD_JOB } from './rebuild-job.js';
import { openRebuildIds } from './rebuild-record.js';

/**
 * Hands every open rebuild to the job runner, at start and every `everyMs`: the rebuild record
 * is the truth and the job its transport, so a rebuild asked for without Redis (the CLI cannot
 * reach this process) or whose job Redis lost (restarted empty) is taken all the same, and
 * one whose worker died resumes. A job id still known to the queue is not added twice.
 */
export function followOpenRebuilds(options: {
  pool: Pool;
  jobs: JobRunner;
  log: ProjectorLog;
  everyMs?: number;
}): { close(): Promise<void> } {
  const pause = new Pause();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        for (const id of await openRebuildIds(options.pool))
          await options.jobs.enqueue(REBUILD_JOB, id, { id });
      } catch (error) {
        options.log.warn({ err: error }, 'open rebuilds could not be handed to the job runner; retrying');
      }
      await pause.for(options.everyMs ?? 2000);
    }
  })();
  return {
    async close() {
      stopped = true;
      pause.interrupt();
      await loop;
    },
  };
}
