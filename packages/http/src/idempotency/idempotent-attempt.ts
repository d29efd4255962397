import type { KeyRef, StoredAnswer } from './idempotency-repository.js';
import {
  type FirstKeyAnswerFields,
  firstKeyId,
  type KeyAnswerFields,
  LOG_POSITION_HEADER,
} from './key-answers.js';
import { JSON_TYPE } from './replay.js';

export { LOG_POSITION_HEADER } from './key-answers.js';

/** What a first attempt writes into its key's row besides the answer (the claim's fields). */
export interface FirstAttemptFields {
  empresaId: string;
  fingerprint: Buffer;
  now: Date;
}

/**
 * The attempt that runs a key's write, as `execute` sees it. Its one job: let a write record its
 * answer in the same statement (and commit) as its events, instead of a second commit after.
 * Either it owns a claimed (running) row, whose answer the write completes (`keyAnswers`), or it
 * is a first attempt on a key it never claimed (`first` set), whose row the write inserts whole
 * (`firstKeyAnswers`, guarded by `unusedKeysGuard` with `keyId`).
 */
export class IdempotentAttempt {
  #status: number | null = null;

  constructor(
    private readonly ref: KeyRef & { attemptId: string },
    private readonly firstAttempt: FirstAttemptFields | null = null,
  ) {}

  get key(): string {
    return this.ref.key;
  }

  /** True when no row holds the key for this attempt: the write must insert it (see the class). */
  get first(): boolean {
    return this.firstAttempt !== null;
  }

  /** The key as `unusedKeysGuard` names it. */
  get keyId(): string {
    return firstKeyId(this.ref);
  }

  /**
   * The fields of this key's answer with `status` (a success), for a `keyAnswers` projection's
   * row that the write completes with its event and what it decided. When the append that
   * carried it was written, answer with `recorded: true`, that status and the body the
   * projection's `render` makes of the same subject.
   */
  answerFields(status: number): KeyAnswerFields | FirstKeyAnswerFields {
    this.#status = status;
    const fields = { tokenId: this.ref.tokenId, key: this.ref.key, attemptId: this.ref.attemptId, status };
    if (this.firstAttempt === null) return fields;
    const { empresaId, fingerprint, now } = this.firstAttempt;
    return { ...fields, empresaId, fingerprint, createdAt: now };
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
