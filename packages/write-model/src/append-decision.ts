import { inTransaction, type Pool, type PoolClient } from '@factory/database';
import {
  appendInTransaction,
  type EventMetadata,
  type EventShape,
  notifyAppended,
  tryAppend,
} from '@factory/event-store';
import type { LoadedStream } from './load-stream.js';

export type AppendedEvent<E> = E & { id: string; revision: number };

/** What the append needs of the command's options (documented on CommandOptions). */
export interface AppendCommandOptions<E> {
  eventId: (index: number) => string;
  metadata: EventMetadata;
  created: Date;
  inTransaction?: (client: PoolClient, events: AppendedEvent<E>[]) => Promise<void>;
}

/**
 * The store found every id already in the stream and wrote nothing: an earlier attempt of the
 * same command (a twin) appended it. The handler takes the conflict path and, having caught up,
 * sees the command as already applied.
 */
export class AlreadyAppended extends Error {
  constructor(stream: string) {
    super(`stream ${stream}: these event ids were appended earlier`);
  }
}

/** Appends a decision at the loaded revision, with the caller's writes; see handleCommand step 3. */
export async function appendDecision<S, E extends EventShape>(
  pool: Pool,
  stream: string,
  loaded: LoadedStream<S>,
  decided: E[],
  options: AppendCommandOptions<E>,
): Promise<{ events: AppendedEvent<E>[]; position: number }> {
  const first = loaded.revision === 'no_stream' ? 0 : loaded.revision + 1;
  const toAppend = decided.map((event, index) => ({
    ...event,
    id: options.eventId(index),
    metadata: options.metadata,
    created: options.created,
  }));
  const events = decided.map((event, index) => ({
    ...event,
    id: toAppend[index]!.id,
    revision: first + index,
  }));
  const expected = { expectedRevision: loaded.revision };
  if (!options.inTransaction) {
    // One statement, one round trip, one commit.
    const { result, written } = await tryAppend(pool, stream, toAppend, expected);
    if (!written) throw new AlreadyAppended(stream);
    return { events, position: result.lastPosition };
  }
  const hook = options.inTransaction;
  const position = await inTransaction(pool, async (client) => {
    const result = await appendInTransaction(client, stream, toAppend, expected);
    // An earlier append of these ids makes the store answer with its result, writing nothing;
    // the hook's rows keyed by the event ids then collide (no ON CONFLICT), and the unique
    // violation sends the handler back to reload.
    await hook(client, events);
    return result.lastPosition;
  });
  notifyAppended(pool); // after the commit: listeners hear only about what is there
  return { events, position };
}
