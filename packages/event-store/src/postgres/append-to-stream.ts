import { inTransaction, type Pool, type PoolClient } from '@factory/database';
import { DuplicateEventIdsError, WrongExpectedRevisionError } from '../errors.js';
import type { AppendOptions, AppendResult, EventToAppend, StreamRevision } from '../event-store.js';
import { validateAppend } from '../validate-append.js';

/** The LISTEN/NOTIFY channel every append notifies (payload: the stream name). */
export const EVENTS_APPENDED_CHANNEL = 'events_appended';

// Losing a race on the unique indexes is not an answer yet: the checks run again against what
// the winner committed and then say "retry of the same append", "conflict" or, for `any`, go.
const MAX_ATTEMPTS = 10;

/**
 * The transaction took its id before another transaction committed to this stream. Appending
 * now would put the new event before that stream's previous event in the global log, whose
 * order is by transaction id. Only `appendInTransaction` callers that wrote something before
 * appending can meet it; retry in a new transaction.
 */
export class StaleTransactionError extends Error {
  override readonly name = 'StaleTransactionError';
  constructor(readonly stream: string) {
    super(`stream ${stream}: this transaction is older than the stream's last append; retry in a new one`);
  }
}

export async function appendToStream(
  pool: Pool,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
): Promise<AppendResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(pool, (client) => appendInTransaction(client, stream, events, options));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

interface ExistingEvent {
  id: string;
  stream: string;
  revision: number;
  position: number;
  txId: string;
}

/**
 * Appends inside a transaction the caller opened and will commit (READ COMMITTED). Losing a
 * race raises PostgreSQL's unique violation (23505): roll back and retry, as appendToStream does.
 */
export async function appendInTransaction(
  client: PoolClient,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
): Promise<AppendResult> {
  validateAppend(stream, events);

  // 1. What is there already: the stream's last event and any event carrying one of these ids.
  const { rows } = await client.query<{
    current_revision: number | null;
    current_tx_id: string | null;
    own_tx_id: string | null;
    existing: ExistingEvent[];
  }>(
    `SELECT last.stream_revision AS current_revision,
            last.tx_id::text AS current_tx_id,
            pg_current_xact_id_if_assigned()::text AS own_tx_id,
            (SELECT coalesce(json_agg(json_build_object(
                      'id', e.event_id, 'stream', e.stream_id, 'revision', e.stream_revision,
                      'position', e.position, 'txId', e.tx_id::text)), '[]')
               FROM events e
              WHERE e.event_id = ANY($2::uuid[])) AS existing
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (
         SELECT stream_revision, tx_id FROM events WHERE stream_id = $1
          ORDER BY stream_revision DESC LIMIT 1
       ) AS last ON true`,
    [stream, events.map((e) => e.id)],
  );
  const state = rows[0]!;

  // 2. A retry of an earlier append answers with that append's result and writes nothing.
  if (state.existing.length > 0) return replayedResult(stream, events, state.existing);

  // 3. The expected revision.
  const current: StreamRevision = state.current_revision ?? 'no_stream';
  const expected = options.expectedRevision;
  if (expected !== 'any' && expected !== current)
    throw new WrongExpectedRevisionError(stream, expected, current);

  // 4. The log orders by transaction id: one older than the stream's last writer must not append.
  if (state.own_tx_id && state.current_tx_id && BigInt(state.own_tx_id) < BigInt(state.current_tx_id))
    throw new StaleTransactionError(stream);

  // 5. Insert with consecutive revisions (positions follow the same order) and notify; the
  //    notification is delivered only if and when this transaction commits.
  const { rows: appended } = await client.query<{
    last_position: number;
    last_revision: number;
    tx_id: string;
  }>(
    `WITH appended AS (
       INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata, created)
       SELECT $1, $2::bigint + e.n - 1, e.id, e.type, e.data, e.metadata, coalesce(e.created, now())
         FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[], $7::timestamptz[])
              WITH ORDINALITY AS e(id, type, data, metadata, created, n)
        ORDER BY e.n
       RETURNING position, stream_revision
     )
     SELECT max(position) AS last_position, max(stream_revision) AS last_revision,
            pg_current_xact_id()::text AS tx_id, pg_notify('${EVENTS_APPENDED_CHANNEL}', $1)
       FROM appended`,
    [
      stream,
      current === 'no_stream' ? 0 : current + 1,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
      events.map((e) => e.created ?? null),
    ],
  );
  const last = appended[0]!;
  return {
    nextExpectedRevision: last.last_revision,
    lastPosition: last.last_position,
    lastCheckpoint: { txId: last.tx_id, position: last.last_position },
  };
}

// Every id already in this stream: the same append again. Anything else is refused whole.
function replayedResult(
  stream: string,
  events: readonly EventToAppend[],
  existing: ExistingEvent[],
): AppendResult {
  if (existing.length < events.length || existing.some((e) => e.stream !== stream))
    throw new DuplicateEventIdsError(
      stream,
      existing.map((e) => e.id),
    );
  const last = existing.reduce((a, b) => (b.revision > a.revision ? b : a));
  return {
    nextExpectedRevision: last.revision,
    lastPosition: last.position,
    lastCheckpoint: { txId: last.txId, position: last.position },
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
