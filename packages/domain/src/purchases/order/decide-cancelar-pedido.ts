import { conflict, type Decision, notFound, validation } from '../../stock/commands.js';
import type { PedidoCompraCancelado } from '../events.js';
import type { CancelarPedidoCompra } from './commands.js';
import type { PedidoCompraState } from './state.js';

export const MAX_MOTIVO = 500;

/** `aberto` or `parcial` become `cancelado`; an order already `recebido` or `cancelado` is a conflict. */
export function decideCancelarPedido(
  command: CancelarPedidoCompra,
  state: PedidoCompraState,
): Decision<PedidoCompraCancelado> {
  if (state.pedido_id === null) return notFound('id', 'pedido de compra não encontrado');
  const motivo = command.data.motivo ?? null;
  if (motivo !== null && (typeof motivo !== 'string' || motivo.length > MAX_MOTIVO)) {
    return validation('motivo', `motivo deve ser um texto de no máximo ${MAX_MOTIVO} caracteres`);
  }
  if (state.situacao === 'recebido' || state.situacao === 'cancelado') {
    return conflict(`o pedido de compra ${state.numero} já está ${state.situacao}`);
  }
  return {
    ok: true,
    events: [
      {
        type: 'PedidoCompraCancelado.v1',
        data: { pedido_id: state.pedido_id, motivo, cancelado_em: command.data.agora },
      },
    ],
  };
}
