import { createHash } from 'node:crypto';
import { DuplicateEventIdsError, WrongExpectedRevisionError } from '../errors.js';
import type { AppendOptions, AppendResult, EventToAppend, StreamRevision } from '../event-store.js';
import { StaleTransactionError } from './stale-transaction-error.js';

/**
 * A write that commits with an append because it is part of the append's own statement: a
 * data-modifying query (`INSERT ... SELECT`, `UPDATE ... FROM`) that may read the rows just
 * appended as `appended (event_id, stream_revision, position)`. Its text is a constant (values go
 * in `values`), its placeholders are numbered from $1 (they are renumbered), with casts where
 * the type is not clear from the context, and it holds no other `$` followed by a digit. It runs
 * whatever the checks decide, so it must read `appended` to write only when events were written.
 */
export interface AppendWrite {
  text: string;
  values: readonly unknown[];
}

export interface AppendOutcome {
  result: AppendResult;
  /** False when every id was already in the stream: the result is the earlier append's. */
  written: boolean;
}

interface ExistingEvent {
  id: string;
  stream: string;
  revision: number;
  position: number;
  txId: string;
}

export interface StatementRow {
  current_revision: number | null;
  stale: boolean;
  existing: ExistingEvent[];
  last_position: number | null;
  last_revision: number | null;
  tx_id: string | null;
}

// One statement does the checks and the insert, and its own commit when it runs alone: one
// round trip per append. The checks read the statement's snapshot; a writer that commits after
// it collides on a unique index (23505), and the caller re-runs the statement.
// - existing: any event already carrying one of these ids (a retry, or a reused key);
// - the expected revision ($7: null for `any`, -1 for `no_stream`);
// - stale: this transaction took its id before the stream's last writer did (only possible
//   within a caller's transaction that wrote before appending). `state` is materialised before
//   the first row is inserted (the insert sorts its input), so the id it sees is the prior one.
const CHECK_AND_INSERT = `WITH state AS MATERIALIZED (
  SELECT last.stream_revision AS current_revision,
         coalesce(pg_current_xact_id_if_assigned() < last.tx_id, false) AS stale,
         (SELECT coalesce(json_agg(json_build_object(
                   'id', e.event_id, 'stream', e.stream_id, 'revision', e.stream_revision,
                   'position', e.position, 'txId', e.tx_id::text)), '[]')
            FROM events e
           WHERE e.event_id = ANY($2::uuid[])) AS existing
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT stream_revision, tx_id FROM events WHERE stream_id = $1
       ORDER BY stream_revision DESC LIMIT 1
    ) AS last ON true
),
appended AS (
  INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata, created)
  SELECT $1, coalesce(s.current_revision, -1) + e.n, e.id, e.type, e.data, e.metadata,
         coalesce(e.created, now())
    FROM state AS s,
         unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::timestamptz[])
           WITH ORDINALITY AS e(id, type, data, metadata, created, n)
   WHERE json_array_length(s.existing) = 0
     AND ($7::bigint IS NULL OR coalesce(s.current_revision, -1) = $7::bigint)
     AND NOT s.stale
   ORDER BY e.n
  RETURNING event_id, stream_revision, position, tx_id
)`;

const RESULT = `
SELECT s.current_revision, s.stale, s.existing,
       a.last_position, a.last_revision, a.tx_id
  FROM state AS s,
       (SELECT max(position) AS last_position, max(stream_revision) AS last_revision,
               min(tx_id::text) AS tx_id
          FROM appended) AS a`;

/**
 * The append as one named statement. Named, so each connection parses and plans it once and
 * then only binds and executes it.
 */
export function appendStatement(
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
  writes: readonly AppendWrite[],
): { name?: string; text: string; values: unknown[] } {
  const expected = options.expectedRevision;
  const values: unknown[] = [
    stream,
    events.map((e) => e.id),
    events.map((e) => e.type),
    events.map((e) => JSON.stringify(e.data)),
    events.map((e) => JSON.stringify(e.metadata ?? {})),
    events.map((e) => e.created?.toISOString() ?? null),
    expected === 'any' ? null : expected === 'no_stream' ? -1 : expected,
  ];
  for (const write of writes) values.push(...write.values);
  return { ...statementText(writes), values };
}

// The text depends only on the writes' texts, which are constants of the code (values go in
// `values`): built and named once per shape. Past MAX_SHAPES something builds texts on the fly;
// those run unnamed rather than pile up prepared statements on every connection.
const MAX_SHAPES = 64;
const APPEND_PARAMETERS = 7;
const texts = new Map<string, { name: string; text: string }>();

function statementText(writes: readonly AppendWrite[]): { name?: string; text: string } {
  const key = writes.map((w) => `${w.values.length}:${w.text}`).join('\0');
  const cached = texts.get(key);
  if (cached) return cached;
  let text = CHECK_AND_INSERT;
  let offset = APPEND_PARAMETERS;
  for (const [i, write] of writes.entries()) {
    const shift = offset;
    text += `,\nalso_${i} AS (${write.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`)})`;
    offset += write.values.length;
  }
  text += RESULT;
  if (texts.size >= MAX_SHAPES) return { text };
  const named = { name: `append-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
  texts.set(key, named);
  return named;
}

/** What the statement's row means: the appended result, a retry's result, or the refusal. */
export function appendOutcome(
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
  row: StatementRow,
): AppendOutcome {
  if (row.last_position !== null)
    return {
      written: true,
      result: {
        nextExpectedRevision: row.last_revision!,
        lastPosition: row.last_position,
        lastCheckpoint: { txId: row.tx_id!, position: row.last_position },
      },
    };
  // A retry of an earlier append answers with that append's result and writes nothing.
  if (row.existing.length > 0)
    return { written: false, result: replayedResult(stream, events, row.existing) };
  const current: StreamRevision = row.current_revision ?? 'no_stream';
  const expected = options.expectedRevision;
  if (expected !== 'any' && expected !== current)
    throw new WrongExpectedRevisionError(stream, expected, current);
  if (row.stale) throw new StaleTransactionError(stream);
  throw new Error(`append to ${stream}: nothing written and no check failed`);
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
