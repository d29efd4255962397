import type { InlineProjection } from '@factory/event-store';
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
      values: [
        rows.map((r) => r.tokenId),
        rows.map((r) => r.key),
        rows.map((r) => r.attemptId),
        rows.map((r) => r.status),
        rows.map((r) => JSON.stringify(render(r.subject))),
        JSON_TYPE,
        LOG_POSITION_HEADER,
        rows.map((r) => r.eventId),
      ],
    }),
  };
}
