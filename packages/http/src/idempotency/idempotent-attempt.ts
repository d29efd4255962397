import type { KeyAnswerRow } from '@factory/event-store';
import type { KeyRef, StoredAnswer } from './idempotency-repository.js';
import { JSON_TYPE } from './replay.js';

/** The header that carries a write's global log position: filled in by the append itself. */
export const LOG_POSITION_HEADER = 'X-Posicao-Log';

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
   * The event store row (data: the port's KeyAnswerRow) that stores `answer` (a success) as this
   * key's answer, its `X-Posicao-Log` being the position of the event `eventId`. Build one per
   * append attempt; when the append that carried the last one was written, answer with
   * `recorded: true` and the same status and body.
   */
  answerWrite(answer: { status: number; body: unknown; eventId: string }): KeyAnswerRow {
    const prepared = {
      status: answer.status,
      headers: { 'Content-Type': JSON_TYPE },
      body: JSON.stringify(answer.body),
    };
    this.#prepared = prepared;
    return {
      kind: 'key_answer',
      eventId: answer.eventId,
      tokenId: this.ref.tokenId,
      key: this.ref.key,
      attemptId: this.ref.attemptId,
      ...prepared,
      positionHeader: LOG_POSITION_HEADER,
    };
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
