import type { MovimentoEstornado, MovimentoRegistrado, StockError } from '@factory/domain';
import type { AppendWrite } from '@factory/event-store';

/** A movement as its event recorded it: what the API's Movimento is made from. */
export type RecordedMovement = MovimentoRegistrado['data'] | MovimentoEstornado['data'];

/**
 * Why a movement command wrote nothing: the decider's refusal, or `key_reused` when the
 * command's event ids (from token and Idempotency-Key) already name another write.
 */
export type MovementRefusal = StockError | { kind: 'key_reused'; mensagem: string };

export type MovementOutcome =
  | {
      ok: true;
      movimento: RecordedMovement;
      /** Global log position of the movement's event (the `X-Posicao-Log` header). */
      position: number;
      /**
       * True when an earlier attempt with the same ids had already appended it. False: this
       * call appended it, and the `alsoWrite` writes committed with it.
       */
      replayed: boolean;
    }
  | { ok: false; error: MovementRefusal };

export const refused = (error: MovementRefusal): MovementOutcome => ({ ok: false, error });

/** What a caller may add to a movement command. */
export interface MovementWriteOptions {
  /**
   * A write to commit with the movement, in the append's own statement (e.g. the idempotency
   * key's answer): built for each append attempt from the movement as decided.
   */
  alsoWrite?: (movement: RecordedMovement) => AppendWrite;
}
