import type { Pool } from '@factory/database';
import type { EventStore } from '@factory/event-store';
import type { DecidedRow } from '../decided-row.js';
import type { HandleOptions } from '../handle-command.js';
import type { WriteRefusal } from '../write-refusal.js';

/** What every purchases command needs: the pool (write-side tables), the log, the handler's knobs. */
export interface PurchasesDeps {
  pool: Pool;
  store: EventStore;
  contention: HandleOptions;
  /** A stock stream's snapshot is due this many events past the last one (25). */
  snapshotEvery: number;
}

/** A purchases command's answer: what it recorded (or, replayed, an earlier attempt did), or why not. */
export type PurchaseOutcome<T> =
  | {
      ok: true;
      value: T;
      /** Global position of the write's last event (`X-Posicao-Log`); null when nothing was appended. */
      position: number | null;
      /** True when an earlier attempt with the same ids had written it. */
      replayed: boolean;
    }
  | { ok: false; error: WriteRefusal };

/** A row the caller commits with the write (the idempotency key's answer), completed with its subject. */
export interface PurchaseWriteOptions<S> {
  answer?: DecidedRow<S>;
}

export const refusedWith = <T>(error: WriteRefusal): PurchaseOutcome<T> => ({ ok: false, error });
