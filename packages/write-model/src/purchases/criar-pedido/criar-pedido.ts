import {
  type CriarPedidoCompra,
  decideCriarPedido,
  type PedidoCompraEvent,
  type ProductionCalendar,
  productionDay,
  type StockError,
} from '@factory/domain';
import { readActiveLocations } from '@factory/tenants';
import { completeRow } from '../../decided-row.js';
import type { Decider } from '../../decider.js';
import { eventIdsFor } from '../../event-ids.js';
import { handleCommand } from '../../handle-command.js';
import { streamCommand } from '../../stream-command.js';
import { isUuid } from '../../uuid.js';
import { isoInstant, metadataOf, type WriteContext } from '../../write-context.js';
import { type OrderRecord, orderFold, type RecordedOrder, recordedOrder } from '../order-record.js';
import { supplierForPurchase, supplyItemsForPurchase } from '../purchase-facts.js';
import { orderStream } from '../purchase-streams.js';
import type { PurchaseOutcome, PurchasesDeps, PurchaseWriteOptions } from '../purchases-deps.js';
import { lastOrderNumber, orderIndexRow } from '../tables/purchase-order-index.js';

/** `POST /v1/compras/pedidos`' body, values as sent; the company's calendar; the token's cost scope. */
export interface CriarPedidoInput {
  fornecedor_id?: unknown;
  local_id?: unknown;
  previsto_para?: unknown;
  condicao_pagamento?: unknown;
  observacao?: unknown;
  itens?: unknown;
  calendar: ProductionCalendar;
  podeVerCustos: boolean;
}

/** Each company's order numbers: claimed once, never released, so never reused. */
export const ORDER_NUMBER_SCOPE = 'pedido_compra_numero';

type CreateCommand = Omit<CriarPedidoCompra['data'], 'numero'>;

const createDecider = (
  command: CriarPedidoCompra['context'],
): Decider<OrderRecord, CriarPedidoCompra['data'], PedidoCompraEvent, StockError> => ({
  ...orderFold,
  decide(data, record) {
    if (record.criado !== null)
      return { ok: false, error: { kind: 'conflict', mensagem: 'pedido já criado' } };
    return decideCriarPedido({ type: 'CriarPedidoCompra', data, context: command });
  },
});

/**
 * Creates a purchase order on its own stream. Its `numero` is the company's highest so far + 1
 * (the write side's order index, current with the log), claimed as a unique key with the order's
 * append: of two concurrent creations one claim wins and the other reads the index again and
 * takes the next number, so numbers follow creation order and are never reused (a claim is never
 * released). The order's id is its event's id, derived from the Idempotency-Key like every id.
 */
export async function criarPedido(
  deps: PurchasesDeps,
  context: WriteContext,
  input: CriarPedidoInput,
  options: PurchaseWriteOptions<RecordedOrder> = {},
): Promise<PurchaseOutcome<RecordedOrder>> {
  const { empresaId } = context;
  const ids = eventIdsFor(context);
  const pedidoId = ids(0);
  const lineCount = Array.isArray(input.itens) ? Math.min(input.itens.length, 1000) : 0;
  const itens = Array.isArray(input.itens) ? (input.itens as unknown[]) : [];
  const localId = typeof input.local_id === 'string' && isUuid(input.local_id) ? input.local_id : null;
  const insumoIds = itens.flatMap((item) => {
    const id = (item as { insumo_id?: unknown } | null)?.insumo_id;
    return typeof id === 'string' ? [id] : [];
  });
  const [fornecedor, locaisAtivos, insumos] = await Promise.all([
    supplierForPurchase(deps, empresaId, input.fornecedor_id),
    localId === null
      ? Promise.resolve(new Set<string>())
      : readActiveLocations(deps.pool, [{ empresaId, localId }]).then(
          (active) => new Set(active.size > 0 ? [localId] : []),
        ),
    supplyItemsForPurchase(deps, empresaId, insumoIds),
  ]);
  const lower = (value: unknown) =>
    typeof value === 'string' && isUuid(value) ? value.toLowerCase() : value;
  const data: CreateCommand = {
    pedido_id: pedidoId,
    item_ids: Array.from({ length: lineCount }, (_, i) => ids(i + 1)),
    fornecedor_id: lower(input.fornecedor_id),
    local_id: lower(input.local_id),
    previsto_para: input.previsto_para,
    condicao_pagamento: input.condicao_pagamento,
    observacao: input.observacao,
    itens: Array.isArray(input.itens)
      ? itens.map((item) =>
          typeof item === 'object' && item !== null
            ? { ...item, insumo_id: lower((item as { insumo_id?: unknown }).insumo_id) }
            : item,
        )
      : input.itens,
    hoje: productionDay(context.now, input.calendar),
    agora: isoInstant(context.now),
  };
  const decider = createDecider({
    fornecedor,
    locaisAtivos: new Set([...locaisAtivos].map((id) => id.toLowerCase())),
    insumos,
    podeVerCustos: input.podeVerCustos,
  });
  const stream = orderStream(empresaId, pedidoId);
  const result = await handleCommand(
    deps.store,
    streamCommand(
      { store: deps.store, decider },
      // Read afresh each attempt: the number another creation claimed meanwhile is taken.
      async () => {
        await deps.store.writeSideRowsCurrent();
        return { stream, command: { ...data, numero: (await lastOrderNumber(deps.pool, empresaId)) + 1 } };
      },
      {
        eventId: ids,
        metadata: metadataOf(context),
        created: context.now,
        alreadyApplied: (record) => record.criado !== null,
        uniqueness: ([event]) =>
          event?.type === 'PedidoCompraCriado.v1'
            ? [
                {
                  op: 'claim',
                  key: { scope: ORDER_NUMBER_SCOPE, empresaId, value: String(event.data.numero) },
                  owner: pedidoId,
                },
              ]
            : [],
        rows: (events, decidedOn) => {
          const [event] = events;
          if (event?.type !== 'PedidoCompraCriado.v1') return [];
          const rows = [orderIndexRow(empresaId, event)];
          const order = recordedOrder(orderFold.evolve(decidedOn, event));
          if (options.answer && order) rows.push(completeRow(options.answer, event.id, order));
          return rows;
        },
      },
    ),
    deps.contention,
  );
  if (result.kind === 'refused') return { ok: false, error: result.error };
  const order = recordedOrder(result.state);
  if (order === null) throw new Error(`order ${pedidoId} was written but reads as missing`);
  if (result.kind === 'already_applied') {
    // An earlier attempt of this key committed the order: its event's position is the answer's.
    const [created] = await deps.store.readStream(stream, { limit: 1 });
    return { ok: true, value: order, position: created?.position ?? null, replayed: true };
  }
  return { ok: true, value: order, position: result.position, replayed: result.replayed };
}
