import type { InlineProjection, WriteGuard } from '@factory/event-store';
import { JSON_TYPE } from './replay.js';

/** The header that carries a write's global log position: filled in by the append itself. */
export const LOG_POSITION_HEADER = 'X-Posicao-Log';

/** Which key, and which attempt of it, an answer is for, and its status: the row's own fields. */
export interface KeyAnswerFields {
  tokenId: string;
  key: string;
  attemptId: string;
  status: number;
}

/** A key's answer as the append writes it: the write adds its event and what it decided. */
export interface KeyAnswerRow<S> extends KeyAnswerFields {
  /** The event whose global position the answer's `X-Posicao-Log` reports. */
  eventId: string;
  subject: S;
}

/**
 * An idempotency key's answer as an inline projection of the event store: the answer is stored
 * in `idempotency_keys` by the write's own append (one commit for the events and the answer,
 * shared by a group commit), and only while `attemptId` still owns the key (a later attempt that
 * took it over answers for itself). `render` makes the body from what the write decided, as the
 * route answers it (the app wires one per resource, once). The rows travel down with the write as
 * data; they are not facts of the events, so the after-commit catch-up does not re-derive them (a
 * crash in between leaves the key to be completed the usual way).
 */
export function keyAnswers<S>(
  name: string,
  render: (subject: S) => unknown,
): InlineProjection<KeyAnswerRow<S>> {
  return {
    name,
    write: (rows) => ({
      text: `UPDATE idempotency_keys AS k
                SET state = 'done', status = x.status, body = x.body,
                    headers = jsonb_build_object('Content-Type', $6::text, $7::text, a.position::text)
               FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::smallint[], $5::text[], $8::uuid[])
                      AS x(token_id, idempotency_key, attempt_id, status, body, event_id)
               JOIN appended AS a ON a.event_id = x.event_id
              WHERE k.token_id = x.token_id AND k.idempotency_key = x.idempotency_key
                AND k.attempt_id = x.attempt_id`,
      values: answerValues(rows, render),
    }),
  };
}

/** A first attempt's answer fields: the key had no row, so the answer's row is written whole. */
export interface FirstKeyAnswerFields extends KeyAnswerFields {
  empresaId: string;
  fingerprint: Buffer;
  createdAt: Date;
}

export interface FirstKeyAnswerRow<S> extends KeyAnswerRow<S>, FirstKeyAnswerFields {}

/**
 * A key's answer inserted by the write's own append, for a key nobody had claimed (no claim's
 * round trip or commit before the write): the row is the key's claim and its answer at once.
 * Plain INSERT, on purpose without ON CONFLICT: a key claimed or answered after the append's
 * snapshot fails the statement on the primary key, the store runs the append again, and
 * `unusedKeysGuard` then refuses it (the writer goes the claim's way). Rows-after-commit stores
 * cannot use it: a row written after the commit claims nothing at the commit.
 */
export function firstKeyAnswers<S>(
  name: string,
  render: (subject: S) => unknown,
): InlineProjection<FirstKeyAnswerRow<S>> {
  return {
    name,
    write: (rows) => ({
      text: `INSERT INTO idempotency_keys
                    (token_id, idempotency_key, empresa_id, fingerprint, attempt_id, state, status, headers, body,
                     created_at, lease_until)
             SELECT x.token_id, x.idempotency_key, x.empresa_id, x.fingerprint, x.attempt_id, 'done', x.status,
                    jsonb_build_object('Content-Type', $6::text, $7::text, a.position::text), x.body,
                    x.created_at, x.created_at
               FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::smallint[], $5::text[], $8::uuid[],
                           $9::uuid[], $10::bytea[], $11::timestamptz[])
                      AS x(token_id, idempotency_key, attempt_id, status, body, event_id, empresa_id, fingerprint,
                           created_at)
               JOIN appended AS a ON a.event_id = x.event_id`,
      values: [
        ...answerValues(rows, render),
        rows.map((r) => r.empresaId),
        rows.map((r) => r.fingerprint),
        rows.map((r) => r.createdAt),
      ],
    }),
  };
}

/** Parameters $1 to $8 of both answers' statements: the key, its attempt and its answer. */
function answerValues<S>(rows: readonly KeyAnswerRow<S>[], render: (subject: S) => unknown): unknown[] {
  return [
    rows.map((r) => r.tokenId),
    rows.map((r) => r.key),
    rows.map((r) => r.attemptId),
    rows.map((r) => r.status),
    rows.map((r) => JSON.stringify(render(r.subject))),
    JSON_TYPE,
    LOG_POSITION_HEADER,
    rows.map((r) => r.eventId),
  ];
}

/** How a first answer's key is named to `unusedKeysGuard` (a token id is a uuid: 36 characters). */
export const firstKeyId = (ref: { tokenId: string; key: string }): string => `${ref.tokenId}:${ref.key}`;

/**
 * The guard of first answers' appends: the keys (`firstKeyId`) that have a row, claimed or
 * answered, by a concurrent request since the write started. Any: nothing is written, and those
 * writers answer through a claim.
 */
export function unusedKeysGuard(ids: readonly string[]): WriteGuard {
  return {
    // A lateral probe by key, not EXISTS: it rides in a named statement, whose plan made on a
    // fresh database kept a hash join over the whole table, 3 ms a batch at 8,000 keys (why:
    // packages/event-store README, "Writing").
    text: `SELECT x.id FROM unnest($1::text[]) AS x(id)
             CROSS JOIN LATERAL (SELECT 1 FROM idempotency_keys k
                                  WHERE k.token_id = left(x.id, 36)::uuid AND k.idempotency_key = substr(x.id, 38)
                                  LIMIT 1) AS held`,
    values: [ids],
  };
}
