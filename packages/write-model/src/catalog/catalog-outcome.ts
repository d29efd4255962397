import type { WriteRefusal } from '../write-refusal.js';

export type Refused = { ok: false; error: WriteRefusal };

/** `position`: the global log position of the last event appended; null when nothing was. */
export type SaveOutcome = { ok: true; id: string; position: number | null } | Refused;

export type DeleteOutcome = { ok: true; id: string; excluido_em: string; position: number | null } | Refused;

/** The command's event ids (from token and Idempotency-Key) already name another write. */
export const KEY_REUSED: WriteRefusal = {
  kind: 'key_reused',
  mensagem: 'Idempotency-Key já usada em outra escrita.',
};
