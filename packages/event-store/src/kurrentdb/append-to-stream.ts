import type { JSONType } from '@kurrent/kurrentdb-client';
import { DuplicateEventIdsError, WrongExpectedRevisionError } from '../errors.js';
import type { AppendOptions, AppendResult, EventToAppend } from '../event-store.js';
import { validateAppend } from '../validate-append.js';
import type { KurrentConnection } from './connection.js';
import { readTail } from './read-tail.js';
import { storedMetadata } from './recorded-event.js';
import { toRevision, toStreamState } from './write-streams.js';

/**
 * The server dedups by event id natively, but only for a retry with the same expected revision,
 * or from a recent-ids cache for `any`, and it lets an id appear twice otherwise. So, to hold
 * the port's rule in every case:
 *   1. look for the ids at the end of the stream: all there is a retry, some is refused;
 *   2. append with the expected revision as the server's stream state;
 *   3. on a conflict, look again (a concurrent retry of the same append may have won);
 *   4. read the last event back for its exact position in $all.
 * Steps 1 and 2 are not atomic: two concurrent first attempts with `any` could both write.
 */
export async function appendToStream(
  connection: KurrentConnection,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
): Promise<AppendResult> {
  validateAppend(stream, events);
  const { kurrent, client } = connection;

  const retried = await findAppended(connection, stream, events);
  if (retried) return retried;

  let nextExpectedRevision: bigint;
  try {
    const result = await client.appendToStream(
      stream,
      events.map((e) =>
        kurrent.jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: storedMetadata(e) }),
      ),
      { streamState: toStreamState(options.expectedRevision) },
    );
    nextExpectedRevision = result.nextExpectedRevision;
  } catch (error) {
    if (!(error instanceof kurrent.WrongExpectedVersionError)) throw error;
    const won = await findAppended(connection, stream, events);
    if (won) return won;
    throw new WrongExpectedRevisionError(stream, options.expectedRevision, toRevision(error.actualState));
  }

  const [last] = await readTail(connection, stream, 1, nextExpectedRevision);
  if (!last || last.id.toLowerCase() !== events.at(-1)!.id.toLowerCase()) {
    // The server answered for an earlier identical append: find where it put it.
    const found = await findAppended(connection, stream, events);
    if (found) return found;
    throw new Error(`stream ${stream}: appended events not found at revision ${nextExpectedRevision}`);
  }
  return {
    nextExpectedRevision: last.revision,
    lastPosition: last.position,
    lastCheckpoint: last.checkpoint,
  };
}

async function findAppended(
  connection: KurrentConnection,
  stream: string,
  events: readonly EventToAppend[],
): Promise<AppendResult | null> {
  const ids = new Set(events.map((e) => e.id.toLowerCase()));
  const tail = await readTail(connection, stream);
  const found = tail.filter((e) => ids.has(e.id.toLowerCase()));
  if (found.length === 0) return null;
  if (found.length < ids.size)
    throw new DuplicateEventIdsError(
      stream,
      found.map((e) => e.id),
    );
  const last = found.reduce((a, b) => (b.revision > a.revision ? b : a));
  return {
    nextExpectedRevision: last.revision,
    lastPosition: last.position,
    lastCheckpoint: last.checkpoint,
  };
}
