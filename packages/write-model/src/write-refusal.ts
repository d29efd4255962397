import type { StockError } from '@factory/domain';

/** Why a write was refused: a decider's refusal, or an Idempotency-Key already used elsewhere. */
export type WriteRefusal = StockError | { kind: 'key_reused'; mensagem: string };
