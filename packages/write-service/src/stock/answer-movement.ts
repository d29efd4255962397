import type { Movimento } from '@factory/api';
import { type FreshAnswer, firstKeyAnswers, keyAnswers, refusalError, unusedKeysGuard } from '@factory/http';
import type { MovementOutcome, MovementWriteOptions } from '@factory/write-model';
import { toMovimento } from './movimento.js';

/** What withIdempotency hands a write that owns a key (its IdempotentAttempt). */
export interface AnswerRecorder {
  answerFields(status: number): object;
  /** A first attempt, on a key it never claimed: the append inserts the key's row whole. */
  readonly first?: boolean;
  readonly keyId?: string;
}

/** A movement's key answer: its body is the movement as the route answers it. */
const movementAnswers = keyAnswers('movement_key_answers', toMovimento);
const firstMovementAnswers = firstKeyAnswers('movement_first_key_answers', toMovimento);

/**
 * Runs a movement command and answers it. Under an Idempotency-Key the 201 is recorded under
 * the key by the movement's own append statement (one commit for the event, its index row and
 * the key's answer, shared with the movements of concurrent requests), and said so with `recorded`:
 * completing a claimed key's row, or, on a first attempt, inserting it (no claim before).
 */
export async function answerMovement(
  recorder: AnswerRecorder | null,
  notFound: 'validacao' | 'nao_encontrado',
  run: (options: MovementWriteOptions) => Promise<MovementOutcome>,
): Promise<FreshAnswer<Movimento>> {
  const outcome = await run(
    recorder === null
      ? {}
      : recorder.first && recorder.keyId !== undefined
        ? {
            answer: {
              projection: firstMovementAnswers,
              fields: recorder.answerFields(201),
              unique: { guard: unusedKeysGuard, id: recorder.keyId },
            },
          }
        : { answer: { projection: movementAnswers, fields: recorder.answerFields(201) } },
  );
  // A fresh append (not a replayed one) committed the answer's row with it.
  const recorded = recorder !== null && outcome.ok && !outcome.replayed;
  return { ...movementAnswer(outcome, notFound), recorded };
}

/**
 * A movement command's outcome as the route's answer: 201 with the Movimento and
 * `X-Posicao-Log`, or the refusal as an API error. `notFound` says how an unknown id is
 * answered: a body field (`insumo_id`) is a 422 like any invalid field, a path id a 404.
 */
export function movementAnswer(
  outcome: MovementOutcome,
  notFound: 'validacao' | 'nao_encontrado',
): FreshAnswer<Movimento> {
  if (!outcome.ok) throw refusalError(outcome.error, notFound);
  return {
    status: 201,
    headers: { 'X-Posicao-Log': String(outcome.position) },
    body: toMovimento(outcome.movimento),
  };
}
