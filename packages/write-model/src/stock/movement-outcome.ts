import type { MovimentoEstornado, MovimentoRegistrado, StockError } from '@factory/domain';

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
      /** True when an earlier attempt with the same ids had already appended it. */
      replayed: boolean;
    }
  | { ok: false; error: MovementRefusal };

export const refused = (error: MovementRefusal): MovementOutcome => ({ ok: false, error });
