import {
  type DefinirVinculo,
  decideDefinirVinculo,
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
import { type LinksRecord, linksFold, type SavedLink } from '../links-record.js';
import { supplierForPurchase, supplyItemsForPurchase } from '../purchase-facts.js';
import { linksStream } from '../purchase-streams.js';
import type { PurchaseOutcome, PurchasesDeps } from '../purchases-deps.js';

const NOT_FOUND = {
  ok: false,
  error: { kind: 'not_found', campo: 'id', mensagem: 'fornecedor não encontrado' },
} as const;

/** The supplier is checked here (the domain's decision takes it as the company's): 404 when not. */
type DefineLink = DefinirVinculo & { fornecedor: FornecedorParaCompra | null };

const defineDecider: Decider<LinksRecord, DefineLink, VinculoEvent, StockError> = {
  ...linksFold,
  decide(command) {
    if (command.fornecedor === null || command.fornecedor.excluido) return NOT_FOUND;
    const decided = decideDefinirVinculo(command);
    return decided.ok ? { ok: true, events: [decided.value] } : decided;
  },
};

/** PUT /v1/fornecedores/{id}/vinculos/{codigo}: creates or replaces the link on the supplier's links stream. */
export async function definirVinculo(
  deps: PurchasesDeps,
  context: WriteContext,
  input: { fornecedor_id: string; codigo: string; insumo_id?: unknown; fator?: unknown },
): Promise<PurchaseOutcome<SavedLink>> {
  if (!isUuid(input.fornecedor_id)) return NOT_FOUND;
  const fornecedorId = input.fornecedor_id.toLowerCase();
  const insumoId =
    typeof input.insumo_id === 'string' && isUuid(input.insumo_id) ? input.insumo_id.toLowerCase() : null;
  const [fornecedor, insumos] = await Promise.all([
    supplierForPurchase(deps, context.empresaId, fornecedorId),
    supplyItemsForPurchase(deps, context.empresaId, insumoId === null ? [] : [insumoId]),
  ]);
  const ids = eventIdsFor(context);
  const result = await handleCommand(
    deps.store,
    streamCommand(
      { store: deps.store, decider: defineDecider },
      {
        stream: linksStream(context.empresaId, fornecedorId),
        command: {
          type: 'DefinirVinculo',
          data: {
            fornecedor_id: fornecedorId,
            codigo: input.codigo,
            insumo_id: insumoId ?? input.insumo_id,
            fator: input.fator,
            agora: isoInstant(context.now),
          },
          context: { insumos },
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
  const link = result.state.links.get(input.codigo);
  if (link === undefined) throw new Error(`link ${input.codigo} was defined but reads as missing`);
  if (result.kind === 'already_applied') return { ok: true, value: link, position: null, replayed: true };
  return { ok: true, value: link, position: result.position, replayed: result.replayed };
}
