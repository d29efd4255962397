import { createHash } from 'node:crypto';
import { DuplicateEventIdsError, WrongExpectedRevisionError } from '../errors.js';
import type {
  AppendResult,
  EventToAppend,
  ExpectedRevision,
  StreamAppend,
  StreamRevision,
} from '../event-store.js';
import { StaleTransactionError } from './stale-transaction-error.js';

/**
 * A write that commits with an append because it is part of the append's own statement: a
 * data-modifying query (`INSERT ... SELECT`, `UPDATE ... FROM`) that may read the rows just
 * appended as `appended (stream_id, event_id, stream_revision, position)`. Its text is a constant
 * (values go in `values`; many rows go in as arrays, so the text does not grow with them), its
 * placeholders are numbered from $1 (they are renumbered), with casts where the type is not clear
 * from the context, and it holds no other `$` followed by a digit. It runs whatever the checks
 * decide, so it must read `appended` to write only when events were written.
 */
export interface AppendWrite {
  text: string;
  values: readonly unknown[];
}

/**
 * A condition the append checks in its own snapshot, before writing: a query (placeholders
 * from $1, as for AppendWrite) returning the rows that break it. Any row, and nothing is
 * written; the outcome hands the rows back. For write-side facts outside the streams that a
 * caller decided on from memory (e.g. that a location is still active).
 */
export interface AppendGuard {
  text: string;
  values: readonly unknown[];
}

export type { StreamAppend } from '../event-store.js';

export interface AppendedRow {
  id: string;
  stream: string;
  revision: number;
  position: number;
}

interface ExistingEvent extends AppendedRow {
  txId: string;
}

interface StreamCheck {
  stream: string;
  current: number | null;
  stale: boolean;
}

/** What one append statement did: wrote every stream's events, or nothing and why. */
export type StreamsOutcome =
  | { written: true; rows: AppendedRow[]; txId: string }
  | {
      written: false;
      /** The events already carrying one of the ids (a retry, or a reused key). */
      existing: ExistingEvent[];
      /** The streams whose revision was not the expected one, or whose last writer is younger. */
      conflicts: Array<{
        stream: string;
        expected: ExpectedRevision;
        current: StreamRevision;
        /** The revision is not the expected one (else the conflict is staleness alone). */
        moved: boolean;
      }>;
      /** Per guard, in the order given, the rows that broke it (none for those that held). */
      guards: unknown[][];
    };

export interface StatementRow {
  streams: StreamCheck[];
  existing: ExistingEvent[];
  appended: AppendedRow[] | null;
  tx_id: string | null;
  guards: unknown[][];
}

// One statement does the checks and the inserts of every stream, and its own commit when it runs
// alone: one round trip for a whole batch of appends. The checks read the statement's snapshot; a
// writer that commits after it collides on a unique index (23505), and the caller re-runs it.
// - existing: any event already carrying one of these ids (a retry, or a reused key);
// - each stream's expected revision (null for `any`, -1 for `no_stream`);
// - stale: this transaction took its id before a stream's last writer did (only possible within
//   a caller's transaction that wrote before appending). `streams` is materialised before the
//   first row is inserted, so the id it sees is the prior one.
// Lookups by key are lateral probes with LIMIT, so that a plan made on a fresh database probes
// the key's index rather than scanning the table as it grows (why: the README, "Writing").
// Nothing is inserted unless every check passes. Events go in in the order given, so positions
// follow it; `n` is an event's 1-based place in its stream's part.
const CHECK_AND_INSERT = `WITH streams AS MATERIALIZED (
  SELECT s.stream_id, s.expected, last.stream_revision AS current_revision,
         coalesce(pg_current_xact_id_if_assigned() < last.tx_id, false) AS stale
    FROM unnest($1::text[], $2::bigint[]) AS s(stream_id, expected)
    LEFT JOIN LATERAL (
      SELECT stream_revision, tx_id FROM events WHERE stream_id = s.stream_id
       ORDER BY stream_revision DESC LIMIT 1
    ) AS last ON true
),
existing AS MATERIALIZED (
  SELECT e.event_id, e.stream_id, e.stream_revision, e.position, e.tx_id
    FROM (SELECT DISTINCT id FROM unnest($4::uuid[]) AS id) AS q
    CROSS JOIN LATERAL (SELECT event_id, stream_id, stream_revision, position, tx_id
                          FROM events WHERE event_id = q.id LIMIT 1) AS e
),
%GUARDS%go AS MATERIALIZED (
  SELECT NOT EXISTS (SELECT 1 FROM existing)%GUARD_CHECKS%
     AND NOT EXISTS (
       SELECT 1 FROM streams
        WHERE stale OR (expected IS NOT NULL AND coalesce(current_revision, -1) <> expected)) AS ok
),
appended AS (
  INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata, created)
  SELECT e.stream_id, coalesce(s.current_revision, -1) + e.n, e.id, e.type, e.data, e.metadata,
         coalesce(e.created, now())
    FROM unnest($3::text[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8::timestamptz[], $9::int[])
           WITH ORDINALITY AS e(stream_id, id, type, data, metadata, created, n, place)
    JOIN streams AS s ON s.stream_id = e.stream_id, go
   WHERE go.ok
   ORDER BY e.place
  RETURNING stream_id, event_id, stream_revision, position, tx_id
)`;

const RESULT = `
SELECT (SELECT json_agg(json_build_object('stream', stream_id, 'current', current_revision, 'stale', stale))
          FROM streams) AS streams,
       (SELECT coalesce(json_agg(json_build_object('id', event_id, 'stream', stream_id,
                 'revision', stream_revision, 'position', position, 'txId', tx_id::text)), '[]')
          FROM existing) AS existing,
       (SELECT json_agg(json_build_object('id', event_id, 'stream', stream_id,
                 'revision', stream_revision, 'position', position) ORDER BY position)
          FROM appended) AS appended,
       (SELECT min(tx_id::text) FROM appended) AS tx_id,
       json_build_array(%GUARD_ROWS%) AS guards`;

/**
 * The append of several streams' events as one named statement. Named, so each connection
 * parses and plans it once and then only binds and executes it, whatever the batch's size.
 */
export function appendStatement(
  appends: readonly StreamAppend[],
  writes: readonly AppendWrite[],
  guards: readonly AppendGuard[] = [],
): { name?: string; text: string; values: unknown[] } {
  const events = appends.flatMap((a) =>
    a.events.map((event, index) => ({ stream: a.stream, event, n: index + 1 })),
  );
  const values: unknown[] = [
    appends.map((a) => a.stream),
    appends.map((a) => expectedNumber(a.expectedRevision)),
    events.map((e) => e.stream),
    events.map((e) => e.event.id),
    events.map((e) => e.event.type),
    events.map((e) => JSON.stringify(e.event.data)),
    events.map((e) => JSON.stringify(e.event.metadata ?? {})),
    events.map((e) => e.event.created?.toISOString() ?? null),
    events.map((e) => e.n),
  ];
  for (const part of [...guards, ...writes]) values.push(...part.values);
  return { ...statementText(guards, writes), values };
}

const expectedNumber = (expected: ExpectedRevision): number | null =>
  expected === 'any' ? null : expected === 'no_stream' ? -1 : expected;

// The text depends only on the writes' texts, which are constants of the code (values go in
// `values`): built and named once per shape. Past MAX_SHAPES something builds texts on the fly;
// those run unnamed rather than pile up prepared statements on every connection.
const MAX_SHAPES = 64;
const APPEND_PARAMETERS = 9;
const texts = new Map<string, { name: string; text: string }>();

function statementText(
  guards: readonly AppendGuard[],
  writes: readonly AppendWrite[],
): { name?: string; text: string } {
  const key = [guards.length, ...[...guards, ...writes].map((w) => `${w.values.length}:${w.text}`)].join(
    '\0',
  );
  const cached = texts.get(key);
  if (cached) return cached;
  let offset = APPEND_PARAMETERS;
  // Each part's placeholders are moved past those of the parts before it.
  const renumbered = (part: { text: string; values: readonly unknown[] }) => {
    const shift = offset;
    offset += part.values.length;
    return part.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
  };
  const guardCtes = guards.map((guard, i) => `guard_${i} AS MATERIALIZED (${renumbered(guard)}),\n`).join('');
  let text = CHECK_AND_INSERT.replace('%GUARDS%', guardCtes).replace(
    '%GUARD_CHECKS%',
    guards.map((_, i) => `\n     AND NOT EXISTS (SELECT 1 FROM guard_${i})`).join(''),
  );
  for (const [i, write] of writes.entries()) text += `,\nalso_${i} AS (${renumbered(write)})`;
  text += RESULT.replace(
    '%GUARD_ROWS%',
    guards.map((_, i) => `(SELECT coalesce(json_agg(g), '[]') FROM guard_${i} AS g)`).join(', '),
  );
  if (texts.size >= MAX_SHAPES) return { text };
  const named = { name: `append-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
  texts.set(key, named);
  return named;
}

/** What the statement's row says, for every stream of the append at once. */
export function streamsOutcome(appends: readonly StreamAppend[], row: StatementRow): StreamsOutcome {
  if (row.appended !== null) return { written: true, rows: row.appended, txId: row.tx_id! };
  const checks = new Map(row.streams.map((s) => [s.stream, s]));
  const conflicts = appends.flatMap(({ stream, expectedRevision: expected }) => {
    const check = checks.get(stream)!;
    const current: StreamRevision = check.current ?? 'no_stream';
    const moved = expected !== 'any' && expected !== current;
    return moved || check.stale ? [{ stream, expected, current, moved }] : [];
  });
  return { written: false, existing: row.existing, conflicts, guards: row.guards };
}

/** A single stream's append, as the port answers it: the result, a retry's result, or the refusal. */
export function appendResult(
  append: StreamAppend,
  outcome: StreamsOutcome,
): { result: AppendResult; written: boolean } {
  const { stream } = append;
  if (outcome.written) {
    const last = outcome.rows.reduce((a, b) => (b.revision > a.revision ? b : a));
    return {
      written: true,
      result: {
        nextExpectedRevision: last.revision,
        lastPosition: last.position,
        lastCheckpoint: { txId: outcome.txId, position: last.position },
      },
    };
  }
  // A retry of an earlier append answers with that append's result and writes nothing.
  if (outcome.existing.length > 0)
    return { written: false, result: replayedResult(stream, append.events, outcome.existing) };
  const [conflict] = outcome.conflicts;
  if (conflict === undefined) throw new Error(`append to ${stream}: nothing written and no check failed`);
  if (conflict.moved) throw new WrongExpectedRevisionError(stream, conflict.expected, conflict.current);
  throw new StaleTransactionError(stream);
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
