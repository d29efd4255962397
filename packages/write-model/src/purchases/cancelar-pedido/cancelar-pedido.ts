import {
  type CancelarPedidoCompra,
  decideCancelarPedido,
  type PedidoCompraEvent,
  type StockError,
} from '@factory/domain';
import type { Decider } from '../../decider.js';
import { eventIdsFor } from '../../event-ids.js';
import { handleCommand } from '../../handle-command.js';
import { streamCommand } from '../../stream-command.js';
import { isUuid } from '../../uuid.js';
import { isoInstant, metadataOf, type WriteContext } from '../../write-context.js';
import { type OrderRecord, orderFold, type RecordedOrder, recordedOrder } from '../order-record.js';
import { orderStream } from '../purchase-streams.js';
import type { PurchaseOutcome, PurchasesDeps } from '../purchases-deps.js';

const NOT_FOUND = {
  ok: false,
  error: { kind: 'not_found', campo: 'id', mensagem: 'pedido de compra não encontrado' },
} as const;

const cancelDecider: Decider<OrderRecord, CancelarPedidoCompra, PedidoCompraEvent, StockError> = {
  ...orderFold,
  decide: (command, record) => decideCancelarPedido(command, record.state),
};

/**
 * Cancels a purchase order (`aberto` or `parcial` become `cancelado`) on its stream, at the
 * revision it was read at: a receipt that moved the order meanwhile makes it decide again.
 */
export async function cancelarPedido(
  deps: PurchasesDeps,
  context: WriteContext,
  input: { pedido_id: string; motivo?: unknown },
): Promise<PurchaseOutcome<RecordedOrder>> {
  if (!isUuid(input.pedido_id)) return NOT_FOUND;
  const ids = eventIdsFor(context);
  const stream = orderStream(context.empresaId, input.pedido_id.toLowerCase());
  const result = await handleCommand(
    deps.store,
    streamCommand(
      { store: deps.store, decider: cancelDecider },
      {
        stream,
        command: {
          type: 'CancelarPedidoCompra',
          data: { pedido_id: input.pedido_id, motivo: input.motivo, agora: isoInstant(context.now) },
        },
      },
      {
        eventId: ids,
        metadata: metadataOf(context),
        created: context.now,
        // A retry of a cancellation that committed (same key, so same event id) answers it again.
        alreadyApplied: (record) => record.eventIds.has(ids(0)),
      },
    ),
    deps.contention,
  );
  if (result.kind === 'refused') return { ok: false, error: result.error };
  const order = recordedOrder(result.state);
  if (order === null) return NOT_FOUND;
  if (result.kind === 'already_applied') return { ok: true, value: order, position: null, replayed: true };
  return { ok: true, value: order, position: result.position, replayed: result.replayed };
}
