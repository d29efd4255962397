import type { MovimentoEstornado, MovimentoRegistrado } from '@factory/domain';
import type { EventShape } from '@factory/event-store';
import type { DecidedRow } from '../decided-row.js';
import type { WriteRefusal } from '../write-refusal.js';

/** A movement as its event recorded it: what the API's Movimento is made from. */
export type RecordedMovement = MovimentoRegistrado['data'] | MovimentoEstornado['data'];

export type MovementOutcome =
  | {
      ok: true;
      movimento: RecordedMovement;
      /** Global log position of the movement's event (the `X-Posicao-Log` header). */
      position: number;
      /**
       * True when an earlier attempt with the same ids had already appended it. False: this
       * call appended it, and the `answer` row committed with it.
       */
      replayed: boolean;
      /** A job with further movements: all of them, `movimento` first. */
      movimentos?: RecordedMovement[];
      /** A job with a companion event: that event, as appended. */
      evento?: EventShape;
    }
  | { ok: false; error: WriteRefusal };

export const refused = (error: WriteRefusal): MovementOutcome => ({ ok: false, error });

/** What a caller may add to a movement command. */
export interface MovementWriteOptions {
  /**
   * A row to commit with the movement (the idempotency key's answer), as data: its append carries
   * it, completed with the movement as decided.
   */
  answer?: DecidedRow<RecordedMovement>;
}
