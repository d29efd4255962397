import type { AuthContext, FreshAnswer, Movimento } from '@factory/http';
import type { MovementOutcome, MovementWriteOptions } from '@factory/write-model';
import { movementAnswer } from './movement-answer.js';
import { toMovimento } from './movimento.js';

type AppendWrite = ReturnType<NonNullable<MovementWriteOptions['alsoWrite']>>;

/** What withIdempotency hands a write that owns a key (its IdempotentAttempt). */
export interface AnswerRecorder {
  answerWrite(answer: { status: number; body: unknown }): AppendWrite;
}

/**
 * Runs a movement command and answers it. Under an Idempotency-Key the 201 is recorded under
 * the key by the movement's own append statement (one commit for the event, its index row and
 * the key's answer), and said so with `recorded`.
 */
export async function answerMovement(
  recorder: AnswerRecorder | null,
  auth: AuthContext,
  notFound: 'validacao' | 'nao_encontrado',
  run: (options: MovementWriteOptions) => Promise<MovementOutcome>,
): Promise<FreshAnswer<Movimento>> {
  const outcome = await run(
    recorder === null
      ? {}
      : { alsoWrite: (movement) => recorder.answerWrite({ status: 201, body: toMovimento(movement, auth) }) },
  );
  // A fresh append (not a replayed one) committed the alsoWrite with it.
  const recorded = recorder !== null && outcome.ok && !outcome.replayed;
  return { ...movementAnswer(outcome, auth, notFound), recorded };
}
