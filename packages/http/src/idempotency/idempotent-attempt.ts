import type { KeyRef, StoredAnswer } from './idempotency-repository.js';
import { type KeyAnswerFields, LOG_POSITION_HEADER } from './key-answers.js';
import { JSON_TYPE } from './replay.js';

export { LOG_POSITION_HEADER } from './key-answers.js';

/**
 * The running attempt that owns a key, as `execute` sees it. Its one job: let a write record its
 * answer in the same statement (and commit) as its events, instead of a second commit after.
 */
export class IdempotentAttempt {
  #status: number | null = null;

  constructor(private readonly ref: KeyRef & { attemptId: string }) {}

  get key(): string {
    return this.ref.key;
  }

  /**
   * The fields of this key's answer with `status` (a success), for a `keyAnswers` projection's
   * row that the write completes with its event and what it decided. When the append that
   * carried it was written, answer with `recorded: true`, that status and the body the
   * projection's `render` makes of the same subject.
   */
  answerFields(status: number): KeyAnswerFields {
    this.#status = status;
    return { tokenId: this.ref.tokenId, key: this.ref.key, attemptId: this.ref.attemptId, status };
  }

  /**
   * What was stored for `fresh`, which the caller says committed with the answer's row: null
   * when `fresh` is not that answer (the key must then be completed the usual way).
   */
  recordedAs(fresh: {
    status: number;
    headers?: Record<string, string>;
    body: unknown;
  }): StoredAnswer | null {
    const position = fresh.headers?.[LOG_POSITION_HEADER];
    const extra = Object.keys(fresh.headers ?? {}).filter((name) => name !== LOG_POSITION_HEADER);
    if (this.#status === null || position === undefined || extra.length > 0) return null;
    if (fresh.status !== this.#status) return null;
    return {
      status: fresh.status,
      headers: { 'Content-Type': JSON_TYPE, [LOG_POSITION_HEADER]: position },
      body: JSON.stringify(fresh.body),
    };
  }
}
