import { inTransaction, type Pool } from '@factory/database';
import {
  compareCheckpoints,
  type EventStore,
  LOG_START,
  type LogCheckpoint,
  type RecordedEvent,
} from '@factory/event-store';
import { BatchPipeline } from '../../projector/batch-pipeline.js';
import type { Projection, ProjectionTarget } from '../../projector/projection.js';

const BATCH = 2000;

/** One projection to replay: where it writes, and the last event it takes (inclusive). */
export interface Replay {
  projection: Projection;
  target: ProjectionTarget;
  until: LogCheckpoint;
}

/**
 * Replays the log from its start into every `replays` target with each projection's own
 * set-based code, reading and decoding the log once for all of them (up to the furthest
 * `until`; each takes its events up to its own), keeping `only` events (one company's, for
 * instance). The next read overlaps the batches being written, and the projections write side
 * by side, each in its own transactions, in log order: the projector's pipeline
 * (batch-pipeline.ts), with a projection's staged writes overlapping its batch before, but no
 * checkpoint (scratch space, read once and dropped). Resolves to the number of log events each
 * projection's replay covered, by name.
 */
export async function replayInto(
  pool: Pool,
  eventStore: EventStore,
  replays: readonly Replay[],
  only: (event: RecordedEvent) => boolean = () => true,
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const runs = replays.map((replay) => ({
    ...replay,
    covered: 0,
    pipeline: new BatchPipeline(
      LOG_START,
      async (_after, events, previous) => {
        await inTransaction(
          pool,
          async (client) => {
            await replay.projection.stage?.(client, events, replay.target);
            await previous;
            await replay.projection.apply(client, events, replay.target);
          },
          'SET LOCAL synchronous_commit = off',
        );
        return events.at(-1)!.checkpoint;
      },
      () => undefined,
      replay.projection.stage ? 2 : 1,
    ),
  }));
  const furthest = replays
    .map((r) => r.until)
    .reduce((a, b) => (compareCheckpoints(a, b) >= 0 ? a : b), LOG_START);
  const read = (after: LogCheckpoint) => {
    const reading = eventStore.readAll({ after, limit: BATCH });
    // Awaited on the next turn; meanwhile a failing batch may end the replay first.
    reading.catch(() => undefined);
    return reading;
  };
  try {
    for (let next = read(LOG_START); ; ) {
      if (signal?.aborted) throw new Error('interrompido');
      const batch = await next;
      const events = batch.filter((e) => compareCheckpoints(e.checkpoint, furthest) <= 0);
      if (events.length === 0) break;
      const more = events.length === batch.length;
      if (more) next = read(events.at(-1)!.checkpoint);
      await Promise.all(
        runs.map((run) => {
          const covered = events.filter((e) => compareCheckpoints(e.checkpoint, run.until) <= 0);
          run.covered += covered.length;
          const handled = covered.filter((e) => run.projection.handles.includes(e.type) && only(e));
          return handled.length > 0 ? run.pipeline.push(handled) : undefined;
        }),
      );
      if (!more) break;
    }
    await Promise.all(runs.map((run) => run.pipeline.drain()));
  } finally {
    // After a failure, nothing of the replay may still be writing when the caller cleans up.
    await Promise.allSettled(runs.map((run) => run.pipeline.drain()));
  }
  return new Map(runs.map((run) => [run.projection.name, run.covered]));
}
