import { type PreviaRecebimento, previewReceipt } from '@factory/domain';
import { isoInstant, type WriteContext } from '../../write-context.js';
import type { PurchaseOutcome, PurchasesDeps } from '../purchases-deps.js';
import { LOCATION_REFUSAL } from '../receber-nota/receber-nota.js';
import { type ReceberNotaInput, readReceiptInputs, receiptCommand } from '../receber-nota/receipt-inputs.js';

/**
 * POST /v1/compras/recebimentos/previa: the receipt's own reads and decision (every check but 7:
 * an unlinked item is `sem_vinculo`), appending nothing.
 */
export async function previaRecebimento(
  deps: PurchasesDeps,
  context: WriteContext,
  input: ReceberNotaInput,
): Promise<PurchaseOutcome<PreviaRecebimento>> {
  const inputs = await readReceiptInputs(deps, context.empresaId, input);
  if (!inputs.localActive) return LOCATION_REFUSAL;
  const previa = previewReceipt(
    receiptCommand(input, inputs, { nota_id: '', movimento_ids: [], agora: isoInstant(context.now) }),
  );
  if (!previa.ok) return previa;
  return { ok: true, value: previa.value, position: null, replayed: false };
}
