import type { StockError } from '@factory/domain';

/**
 * Why a write was refused: a decider's refusal, an Idempotency-Key already used elsewhere, or a
 * row the write had to be the first to hold (a key's first answer, DecidedRow.unique) held by
 * another writer meanwhile.
 */
export type WriteRefusal =
  | StockError
  | { kind: 'key_reused'; mensagem: string }
  | { kind: 'key_in_use'; mensagem: string };
