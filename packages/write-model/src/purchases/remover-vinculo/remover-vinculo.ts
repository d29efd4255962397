import {
  decideRemoverVinculo,
  type FornecedorParaCompra,
  type StockError,
  type VinculoEvent,
} from '@factory/domain';
import type { Decider } from '../../decider.js';
import { eventIdsFor } from '../../event-ids.js';
import { handleCommand } from '../../handle-command.js';
import { streamCommand } from '../../stream-command.js';
import { isUuid } from '../../uuid.js';
import { isoInstant, metadataOf, type WriteContext } from '../../write-context.js';
import { type LinksRecord, linksFold } from '../links-record.js';
import { supplierForPurchase } from '../purchase-facts.js';
import { linksStream } from '../purchase-streams.js';
import type { PurchaseOutcome, PurchasesDeps } from '../purchases-deps.js';

interface RemoveLink {
  data: { fornecedor_id: string; codigo: string; agora: string };
  fornecedor: FornecedorParaCompra | null;
}

const NOT_FOUND = {
  ok: false,
  error: { kind: 'not_found', campo: 'id', mensagem: 'fornecedor não encontrado' },
} as const;

// The supplier is checked here (the domain's decision takes it as the company's): 404 when not.
const removeDecider: Decider<LinksRecord, RemoveLink, VinculoEvent, StockError> = {
  ...linksFold,
  decide(command, record) {
    if (command.fornecedor === null || command.fornecedor.excluido) return NOT_FOUND;
    const decided = decideRemoverVinculo(command.data, record.links);
    return decided.ok ? { ok: true, events: [decided.value] } : decided;
  },
};

/** DELETE /v1/fornecedores/{id}/vinculos/{codigo}: the code is unmapped until linked again. */
export async function removerVinculo(
  deps: PurchasesDeps,
  context: WriteContext,
  input: { fornecedor_id: string; codigo: string },
): Promise<PurchaseOutcome<null>> {
  if (!isUuid(input.fornecedor_id)) return NOT_FOUND;
  const fornecedorId = input.fornecedor_id.toLowerCase();
  const fornecedor = await supplierForPurchase(deps, context.empresaId, fornecedorId);
  const ids = eventIdsFor(context);
  const result = await handleCommand(
    deps.store,
    streamCommand(
      { store: deps.store, decider: removeDecider },
      {
        stream: linksStream(context.empresaId, fornecedorId),
        command: {
          data: { fornecedor_id: fornecedorId, codigo: input.codigo, agora: isoInstant(context.now) },
          fornecedor,
        },
      },
      {
        eventId: ids,
        metadata: metadataOf(context),
        created: context.now,
        alreadyApplied: (record) => record.eventIds.has(ids(0)),
      },
    ),
    deps.contention,
  );
  if (result.kind === 'refused') return { ok: false, error: result.error };
  const position = result.kind === 'appended' ? result.position : null;
  return { ok: true, value: null, position, replayed: result.kind !== 'appended' || result.replayed };
}
