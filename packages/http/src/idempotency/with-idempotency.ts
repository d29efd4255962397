import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from '@factory/database';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/auth-context.js';
import { ApiError } from '../errors/api-error.js';
import { requestFingerprint } from './canonical-json.js';
import { readIdempotencyKey } from './idempotency-key.js';
import {
  type ClaimRequest,
  claimKey,
  completeKey,
  type KeyRef,
  releaseKey,
  type StoredAnswer,
  takeOverKey,
} from './idempotency-repository.js';
import { IdempotentAttempt } from './idempotent-attempt.js';
import { keyHolderSessionOf } from './key-holder-session.js';
import { answerOfRefusal, replay, sendFresh, sendStored } from './replay.js';

export interface IdempotencyOptions {
  pool: Pool;
  auth: AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * True where the specification requires the header (stock movements, production records).
   * By default the route's own `idempotencyKey` declaration, which the description shows too.
   */
  required?: boolean;
  /** The API's clock: keys expire 24 h after first use by it. */
  clock?: () => Date;
  /**
   * How long a repeat waits for a running first attempt (whose process lives) before it is
   * refused with 503 banco_indisponivel and Retry-After (5 s).
   */
  waitMs?: number;
  /**
   * After this long a running attempt whose process still lives is presumed stuck and its key is
   * taken over (30 s). An attempt whose process died is taken over at once (key-holder-session.ts).
   */
  leaseMs?: number;
  /**
   * The write inserts its key's row itself when it succeeds (`IdempotentAttempt.first`): the
   * first attempt runs without claiming the key, saving the claim's round trip and commit. Only
   * where rows commit with the events (EventStore.rowsCommitWithEvents): the inserted row then
   * decides, with the events, which of two concurrent writers owns the key.
   */
  firstAttemptUnclaimed?: boolean;
}

/** What the wrapped write answers; `status` must be the route's success status. */
export interface FreshAnswer<T> {
  status: number;
  headers?: Record<string, string>;
  body: T;
  /**
   * True when this answer was recorded under the key by the write's own statement, through
   * a `keyAnswers` row built with `attempt.answerFields` (the write committed with it). Saves the
   * commit that records it after.
   */
  recorded?: boolean;
}

const WAIT_MS = 5_000;
const LEASE_MS = 30_000;
// The first attempt lives and is working: a retry a second later usually finds its answer.
const RETRY_AFTER_SECONDS = 1;

/**
 * The one idempotency mechanism of every write route. The handler calls it around its work:
 *
 *   defineRoute({ ..., idempotencyKey: 'required', handler: ({ auth, request, reply }) =>
 *     withIdempotency({ pool, auth, request, reply }, async (key) => ({ status: 201, body })) })
 *
 * `execute` receives the key (null when the request has none) to derive its event ids from, and
 * the attempt that owns it, through which a write may record its answer in its own commit.
 * 1. Read the key (400 when required and missing or malformed); none: just execute.
 * 2. Claim it for (token, key) with the request's fingerprint.
 * 3. Someone else's: another body is 409 chave_idempotencia_reutilizada; a finished one is
 *    replayed; a running one whose process died (its holder session is gone) is taken over at
 *    once; a running one whose process lives is polled until it finishes (replayed), dies or
 *    runs past its lease (taken over), or the wait budget is spent: 503 banco_indisponivel with
 *    Retry-After, an answer the specification tells clients to retry with the same key (a 409
 *    would end a conforming client's retries without telling it the outcome).
 * 4. Ours: execute; keep the answer when it is a success or a refusal (< 500), release the
 *    key otherwise, so the client's retry runs afresh.
 * With `firstAttemptUnclaimed`, a first attempt runs before step 2 without claiming: when its
 * write committed the key's answer row itself, that is the answer. Anything else (a refusal, a
 * replay, the key held by another request meanwhile) had stored nothing under the key: the
 * request then takes the steps above, executing again as the key's owner (event ids derived
 * from the key make that harmless).
 */
export async function withIdempotency<T>(
  options: IdempotencyOptions,
  execute: (key: string | null, attempt: IdempotentAttempt | null) => Promise<FreshAnswer<T>>,
): Promise<T> {
  const { pool, auth, request, reply } = options;
  const required = options.required ?? request.routeOptions.config.idempotencyKey === 'required';
  const key = readIdempotencyKey(request, required);
  if (key === null) {
    const fresh = await execute(null, null);
    reply.code(fresh.status).headers(fresh.headers ?? {});
    return fresh.body;
  }

  const clock = options.clock ?? (() => new Date());
  const ref: KeyRef = { tokenId: auth.tokenId, key };
  const fingerprint = requestFingerprint(request.method, request.url.split('?')[0]!, request.body);
  if (options.firstAttemptUnclaimed) {
    const first = new IdempotentAttempt(
      { ...ref, attemptId: randomUUID() },
      { empresaId: auth.empresa.id, fingerprint, now: clock() },
    );
    const answered = await answerOfFirstAttempt(reply, first, execute);
    if (answered !== null) return answered.body;
  }
  const attemptId = randomUUID();
  const deadline = performance.now() + (options.waitMs ?? WAIT_MS);
  // Held from before the claim to the end of the attempt: the claim names this session's lock.
  const holding = await keyHolderSessionOf(pool).acquire();
  try {
    for (let poll = 0; ; poll++) {
      const claiming: ClaimRequest = {
        ...ref,
        empresaId: auth.empresa.id,
        fingerprint,
        attemptId,
        now: clock(),
        leaseMs: options.leaseMs ?? LEASE_MS,
        holder: holding.holder,
      };
      const claim = await claimKey(pool, claiming);
      if (claim.kind === 'owner') return await executeAsOwner(options, { ...ref, attemptId }, execute);
      if (claim.kind === 'vanished') continue;
      if (!claim.sameRequest) throw new ApiError('chave_idempotencia_reutilizada');
      if (claim.kind === 'done') return replay<T>(reply, claim.answer);
      if (claim.holderGone) {
        if (await takeOverKey(pool, claiming, claim.attemptId))
          return await executeAsOwner(options, { ...ref, attemptId }, execute);
        continue; // another repeat took it, or it ended meanwhile: the next claim says which
      }
      if (performance.now() >= deadline)
        throw new ApiError('banco_indisponivel', {
          mensagem:
            'Outra requisição com esta Idempotency-Key ainda está em andamento; tente de novo com a mesma chave.',
          headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        });
      await sleep(Math.min(10 * 1.5 ** poll, 200) * (0.5 + Math.random()));
    }
  } finally {
    holding.release();
  }
}

/** Runs an unclaimed first attempt: its body when its write recorded the answer, else null. */
async function answerOfFirstAttempt<T>(
  reply: FastifyReply,
  attempt: IdempotentAttempt,
  execute: (key: string, attempt: IdempotentAttempt) => Promise<FreshAnswer<T>>,
): Promise<{ body: T } | null> {
  let fresh: FreshAnswer<T>;
  try {
    fresh = await execute(attempt.key, attempt);
  } catch (error) {
    // A refusal is stored under the key by a claimed attempt only; a 5xx stored nothing.
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
  const recorded = fresh.recorded ? attempt.recordedAs(fresh) : null;
  if (recorded === null) return null;
  sendStored(reply, recorded);
  return { body: fresh.body };
}

async function executeAsOwner<T>(
  options: IdempotencyOptions,
  ref: KeyRef & { attemptId: string },
  execute: (key: string, attempt: IdempotentAttempt) => Promise<FreshAnswer<T>>,
): Promise<T> {
  const { pool, request, reply } = options;
  const attempt = new IdempotentAttempt(ref);
  let fresh: FreshAnswer<T>;
  try {
    fresh = await execute(ref.key, attempt);
  } catch (error) {
    // A refusal is an answer like any other; anything else (5xx) must not stick to the key.
    const release = () => releaseKey(pool, ref).catch(() => undefined);
    if (error instanceof ApiError && error.status < 500)
      await completeKey(pool, { ...ref, answer: answerOfRefusal(error) }).catch(release);
    else await release();
    throw error;
  }
  // Recorded with the write: exactly the stored text goes out, and there is nothing left to do.
  const recorded = fresh.recorded ? attempt.recordedAs(fresh) : null;
  if (recorded) {
    sendStored(reply, recorded);
    return fresh.body;
  }
  const answer: StoredAnswer = sendFresh(reply, fresh);
  // The write is durable already: failing to record the answer must not turn it into an
  // error. The key stays running until its lease ends or this process's holder session closes
  // (when idle); a retry then re-executes, which the deterministic event ids make harmless.
  await completeKey(pool, { ...ref, answer }).catch((error: unknown) =>
    request.log.warn({ err: error }, 'recording an idempotent answer failed'),
  );
  return fresh.body;
}
