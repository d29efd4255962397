import { inTransaction, type Pool } from '@factory/database';
import {
  compareCheckpoints,
  type EventStore,
  type LogCheckpoint,
  type RecordedEvent,
} from '@factory/event-store';
import type { Projection, ProjectionTarget } from '../../projector/projection.js';

const BATCH = 2000;

/**
 * Replays the log from its start up to `until` (inclusive) into `target` with the projection's
 * own code, batch by batch, keeping `only` events (one company's, for instance). No checkpoint:
 * scratch space, read once and dropped.
 */
export async function replayInto(
  pool: Pool,
  eventStore: EventStore,
  projection: Projection,
  target: ProjectionTarget,
  until: LogCheckpoint,
  only: (event: RecordedEvent) => boolean = () => true,
  signal?: AbortSignal,
): Promise<number> {
  let after: LogCheckpoint | undefined;
  let replayed = 0;
  for (;;) {
    if (signal?.aborted) throw new Error('interrompido');
    const read = await eventStore.readAll({ after, limit: BATCH });
    const events = read.filter((e) => compareCheckpoints(e.checkpoint, until) <= 0);
    if (events.length === 0) return replayed;
    const handled = events.filter((e) => projection.handles.includes(e.type) && only(e));
    if (handled.length > 0)
      await inTransaction(
        pool,
        async (client) => {
          await projection.stage?.(client, handled, target);
          await projection.apply(client, handled, target);
        },
        'SET LOCAL synchronous_commit = off',
      );
    replayed += events.length;
    after = events.at(-1)!.checkpoint;
    if (events.length < read.length) return replayed;
  }
}
