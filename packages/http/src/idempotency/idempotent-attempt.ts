import {
  completeKeysWithAppend,
  type KeyAnswerRow,
  type KeyRef,
  type StatementPart,
  type StoredAnswer,
} from './idempotency-repository.js';
import { JSON_TYPE } from './replay.js';

/** The header that carries a write's global log position: filled in by the append itself. */
export const LOG_POSITION_HEADER = 'X-Posicao-Log';

/**
 * A row for the PostgreSQL event store's append (its `RowWrite`): the answers of all the keys
 * whose writes share one append go in as one statement.
 */
export interface KeyAnswerWrite {
  kind: { write(rows: readonly KeyAnswerRow[]): StatementPart };
  row: KeyAnswerRow;
}

const KEY_ANSWERS: KeyAnswerWrite['kind'] = {
  write: (rows) => completeKeysWithAppend(rows, LOG_POSITION_HEADER),
};

/**
 * The running attempt that owns a key, as `execute` sees it. Its one job: let a write record its
 * answer in the same statement (and commit) as its events, instead of a second commit after.
 */
export class IdempotentAttempt {
  #prepared: StoredAnswer | null = null;

  constructor(private readonly ref: KeyRef & { attemptId: string }) {}

  get key(): string {
    return this.ref.key;
  }

  /**
   * A row for the PostgreSQL event store's append that stores `answer` (a success) as this
   * key's answer, its `X-Posicao-Log` being the position of the event `eventId`. Build one per
   * append attempt; when the append that carried the last one committed, answer with
   * `recorded: true` and the same status and body.
   */
  answerWrite(answer: { status: number; body: unknown; eventId: string }): KeyAnswerWrite {
    const prepared = {
      status: answer.status,
      headers: { 'Content-Type': JSON_TYPE },
      body: JSON.stringify(answer.body),
    };
    this.#prepared = prepared;
    return { kind: KEY_ANSWERS, row: { ref: this.ref, answer: prepared, eventId: answer.eventId } };
  }

  /**
   * What was stored for `fresh`, which the caller says committed with the last answerWrite:
   * null when `fresh` is not that answer (the key must then be completed the usual way).
   */
  recordedAs(fresh: {
    status: number;
    headers?: Record<string, string>;
    body: unknown;
  }): StoredAnswer | null {
    const prepared = this.#prepared;
    const position = fresh.headers?.[LOG_POSITION_HEADER];
    const extra = Object.keys(fresh.headers ?? {}).filter((name) => name !== LOG_POSITION_HEADER);
    if (!prepared || position === undefined || extra.length > 0) return null;
    if (fresh.status !== prepared.status || JSON.stringify(fresh.body) !== prepared.body) return null;
    return { ...prepared, headers: { ...prepared.headers, [LOG_POSITION_HEADER]: position } };
  }
}
