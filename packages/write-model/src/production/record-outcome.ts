import type { ApontamentoCancelado, ApontamentoRegistrado } from '@factory/domain';
import type { DecidedRow } from '../decided-row.js';
import type { WriteRefusal } from '../write-refusal.js';

/** The record as its events left it: what the API's Apontamento is made from. */
export interface RecordedProduction {
  registro: ApontamentoRegistrado['data'];
  cancelamento: ApontamentoCancelado['data'] | null;
}

export type RecordOutcome =
  | {
      ok: true;
      apontamento: RecordedProduction;
      position: number;
      /** True when an earlier attempt with the same ids had appended it (no `answer` row then). */
      replayed: boolean;
    }
  | { ok: false; error: WriteRefusal };

export interface RecordWriteOptions {
  /**
   * A row to commit with the record's event (the idempotency key's answer), as data: completed
   * with the record as decided and the event appended (registration or cancellation).
   */
  answer?: DecidedRow<RecordedProduction>;
}
