import { listenForNotifications, type Pool } from '@factory/database';
import { WakeSignal } from '@factory/event-store';
import type { JobRunner } from '@factory/jobs';
import type pg from 'pg';
import type { ProjectorLog } from '../../projector/projector-log.js';
import { REBUILD_JOB } from './rebuild-job.js';
import { openRebuildIds, REBUILDS_CHANNEL } from './rebuild-record.js';

/**
 * Hands every open rebuild to the job runner: at start, whenever one is requested (LISTEN on
 * REBUILDS_CHANNEL, given `listen`), and every `everyMs`. The rebuild record is the truth and
 * the job its transport, so a rebuild asked for without Redis (the CLI cannot reach this
 * process) or whose job Redis lost (restarted empty) is taken all the same, and one whose worker
 * died resumes. A job id still known to the queue is not added twice. The look every `everyMs`
 * covers a notification lost with the listener's connection.
 */
export async function followOpenRebuilds(options: {
  pool: Pool;
  jobs: JobRunner;
  log: ProjectorLog;
  /** Where to LISTEN (its own connection); without it, the periodic look alone. */
  listen?: pg.ClientConfig;
  everyMs?: number;
}): Promise<{ close(): Promise<void> }> {
  const wake = new WakeSignal();
  let stopped = false;
  const warn = (error: unknown, what: string) => options.log.warn({ err: error }, what);
  const listenFailed = (error: unknown) =>
    warn(error, 'listening for rebuild requests failed; looking every few seconds');
  const listener = options.listen
    ? await listenForNotifications({
        connection: options.listen,
        channel: REBUILDS_CHANNEL,
        onWake: () => wake.wake(),
        onError: listenFailed,
      }).catch((error: unknown) => {
        listenFailed(error);
        return null;
      })
    : null;
  const loop = (async () => {
    while (!stopped) {
      // Cleared before the look: a request committed while it runs wakes the next one.
      wake.clear();
      try {
        for (const id of await openRebuildIds(options.pool))
          await options.jobs.enqueue(REBUILD_JOB, id, { id });
      } catch (error) {
        warn(error, 'open rebuilds could not be handed to the job runner; retrying');
      }
      await wake.wait(options.everyMs ?? 2000);
    }
  })();
  return {
    async close() {
      stopped = true;
      wake.wake();
      await loop;
      await listener?.close();
    },
  };
}
