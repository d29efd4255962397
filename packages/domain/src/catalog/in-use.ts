import { conflict, type Refusal } from '../stock/commands.js';

/** An active bill that consumes a record about to be deleted, as resolved by the caller. */
export type BillUse = { produto_id: string; sku: string; versao: number };

/**
 * A product or supply item used by another product's active bill cannot be deleted
 * (409 `conflito`); the message names each bill so the client knows what to change.
 */
export function inUseRefusal(subject: string, uses: readonly BillUse[]): Refusal | null {
  if (uses.length === 0) return null;
  const bills = uses.map((use) => `${use.sku} (produto ${use.produto_id}, versão ${use.versao})`);
  return conflict(`${subject} é usado na ficha técnica ativa de: ${bills.join(', ')}`);
}
