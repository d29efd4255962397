import type { StockError } from '@factory/domain';

/**
 * Why a catalog command wrote nothing: the decider's refusal (`validation`, `conflict`,
 * `not_found`), or `key_reused` when the command's event ids (from token and Idempotency-Key)
 * already name another write.
 */
export type CatalogRefusal = StockError | { kind: 'key_reused'; mensagem: string };

export type Refused = { ok: false; error: CatalogRefusal };

/** `position`: the global log position of the last event appended; null when nothing was. */
export type SaveOutcome = { ok: true; id: string; position: number | null } | Refused;

export type DeleteOutcome = { ok: true; id: string; excluido_em: string; position: number | null } | Refused;

/** The command's event ids (from token and Idempotency-Key) already name another write. */
export const KEY_REUSED: CatalogRefusal = {
  kind: 'key_reused',
  mensagem: 'Idempotency-Key já usada em outra escrita.',
};
