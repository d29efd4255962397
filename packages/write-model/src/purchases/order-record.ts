import {
  evolvePedidoCompra,
  initialPedidoCompraState,
  type PedidoCompraCriado,
  type PedidoCompraEvent,
  type PedidoCompraState,
} from '@factory/domain';
import { withId } from './event-ids-of.js';

/**
 * A purchase order's stream folded for the writes: the domain's state (what decisions read) and
 * what the PedidoCompra answer shows beside it (the created fields, the cancellation's reason,
 * the last change's instant).
 */
export interface OrderRecord {
  state: PedidoCompraState;
  criado: PedidoCompraCriado['data'] | null;
  motivoCancelamento: string | null;
  atualizadoEm: string | null;
  /** Every event's id (a command retried with its key finds its own write by it). */
  eventIds: ReadonlySet<string>;
}

export const initialOrderRecord = (): OrderRecord => ({
  state: initialPedidoCompraState(),
  criado: null,
  motivoCancelamento: null,
  atualizadoEm: null,
  eventIds: new Set(),
});

export function evolveOrderRecord(
  before: OrderRecord,
  event: PedidoCompraEvent & { id?: string },
): OrderRecord {
  const state = evolvePedidoCompra(before.state, event);
  const record = { ...before, eventIds: withId(before.eventIds, event.id) };
  switch (event.type) {
    case 'PedidoCompraCriado.v1':
      return { ...record, state, criado: event.data, atualizadoEm: event.data.criado_em };
    case 'PedidoCompraCancelado.v1':
      return {
        ...record,
        state,
        motivoCancelamento: event.data.motivo,
        atualizadoEm: event.data.cancelado_em,
      };
    case 'PedidoCompraAtendido.v1':
      return { ...record, state, atualizadoEm: event.data.atendido_em };
    case 'PedidoCompraAtendimentoDesfeito.v1':
      return { ...record, state, atualizadoEm: event.data.desfeito_em };
    default:
      return record;
  }
}

/** The order's answer (a PedidoCompra's fields), once it exists. */
export interface RecordedOrder {
  criado: PedidoCompraCriado['data'];
  state: PedidoCompraState;
  motivoCancelamento: string | null;
  atualizadoEm: string;
}

export const recordedOrder = (record: OrderRecord): RecordedOrder | null =>
  record.criado === null || record.atualizadoEm === null
    ? null
    : {
        criado: record.criado,
        state: record.state,
        motivoCancelamento: record.motivoCancelamento,
        atualizadoEm: record.atualizadoEm,
      };

/** The order stream as a decider's fold, for loadStream. */
export const orderFold = { initialState: initialOrderRecord, evolve: evolveOrderRecord };
