import type { Pool } from '@factory/database';
import type {
  AppendedRef,
  AppendOutcome,
  AppendRequest,
  RecordedEvent,
  StreamAppend,
} from '../event-store.js';
import { failedChecks } from '../postgres/append-parts.js';
import { validateStreams } from '../postgres/append-to-stream.js';
import { reservationAppends, reservationEventId, reservationHolders } from '../postgres/reservations.js';
import type { RowsAfterCommit } from '../postgres/rows-after-commit.js';
import type { KurrentConnection } from './connection.js';
import { readTail } from './read-tail.js';
import { writeStreams } from './write-streams.js';

// A reservation stream moved under us (a concurrent claim or release): read it and try again.
const MAX_ATTEMPTS = 10;

export interface KurrentWriteSide {
  /** PostgreSQL, where the write-side rows, the checks' facts and the catch-up's checkpoint live. */
  pool: Pool;
  rows: RowsAfterCommit;
}

/**
 * The port's append on KurrentDB, the way the PostgreSQL adapter's "rows after commit" mode
 * proves it (same reservations, same rows, same catch-up):
 * 1. A retry: every id of a stream already at that stream's end is the earlier write's answer.
 *    Only the target streams' tails are looked at: an id reused in another stream is not seen
 *    (PostgreSQL's unique index sees it; the HTTP layer's key table catches that case first).
 * 2. The checks run against PostgreSQL before the append: check-then-append, not atomic.
 * 3. The unique keys are claimed in reservation streams, appended in the same atomic write.
 * 4. The events and reservations go in one atomic append (writeStreams).
 * 5. Then the rows, after the commit; the catch-up heals what a crash here leaves missing.
 */
export async function append(
  connection: KurrentConnection,
  side: KurrentWriteSide,
  request: AppendRequest,
): Promise<AppendOutcome> {
  validateStreams(request.streams);
  const checks = request.checks ?? [];
  const uniqueness = request.uniqueness ?? [];
  const firstId = request.streams[0]!.events[0]!.id;
  for (let attempt = 1; ; attempt++) {
    // 1.
    const existing = await appendedBefore(connection, request.streams);
    // 2.
    const failed = await failedChecks(side.pool, checks);
    if (existing.length > 0 || failed.some((f) => f.length > 0))
      return { written: false, existing, conflicts: [], failedChecks: failed };
    // 3.
    const reservations = reservationAppends(
      uniqueness,
      await reservationHolders(uniqueness, (streams) =>
        Promise.all(streams.map(async (s) => (await readTail(connection, s, 1))[0])),
      ),
      (change) => reservationEventId(firstId, change),
    );
    const streams = [...request.streams, ...reservations];
    // 4.
    const written = await writeStreams(connection, streams);
    if (!written.written) {
      const reserved = reservations.some((r) => r.stream === written.conflict.stream);
      if (reserved && attempt < MAX_ATTEMPTS) continue;
      // A concurrent retry of this very write may be what moved the stream.
      const won = await appendedBefore(connection, request.streams);
      return {
        written: false,
        existing: won,
        conflicts: won.length > 0 || reserved ? [] : [written.conflict],
        failedChecks: checks.map(() => []),
      };
    }
    const events = await landed(connection, streams);
    // 5.
    await side.rows.write(request, events);
    return { written: true, events };
  }
}

/** The request's events found at the end of their target streams, in the request's order. */
async function inTails(
  connection: KurrentConnection,
  streams: readonly StreamAppend[],
): Promise<Array<{ id: string; stream: string; found: AppendedRef | undefined }>> {
  const per = await Promise.all(
    streams.map(async ({ stream, events }) => {
      const byId = new Map((await readTail(connection, stream)).map((e) => [e.id.toLowerCase(), e]));
      return events.map((event) => {
        const found = byId.get(event.id.toLowerCase());
        return { id: event.id, stream, found: found && refOf(found) };
      });
    }),
  );
  return per.flat();
}

/** The request's ids already at the end of their target streams. */
async function appendedBefore(
  connection: KurrentConnection,
  streams: readonly StreamAppend[],
): Promise<AppendedRef[]> {
  return (await inTails(connection, streams)).flatMap(({ found }) => (found ? [found] : []));
}

/** Where each appended event landed, in the order of the request. */
async function landed(
  connection: KurrentConnection,
  streams: readonly StreamAppend[],
): Promise<AppendedRef[]> {
  return (await inTails(connection, streams)).map(({ id, stream, found }) => {
    if (!found) throw new Error(`KurrentDB: event ${id} not found in ${stream} after its append`);
    return found;
  });
}

const refOf = (e: RecordedEvent): AppendedRef => ({
  id: e.id,
  stream: e.stream,
  revision: e.revision,
  position: e.position,
  checkpoint: e.checkpoint,
});
