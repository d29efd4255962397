import { accept, type Checked } from '../../catalog/checked.js';
import { conflict, type EstornarMovimento, notFound, validation } from '../../stock/commands.js';
import type { NotaCancelada, PedidoCompraAtendimentoDesfeito } from '../events.js';
import { MAX_MOTIVO } from '../order/decide-cancelar-pedido.js';
import { desfazerAtendimento } from '../order/fulfilment.js';
import type { CancelarRecebimento } from './commands.js';
import type { NotaState } from './nota-state.js';

/** What cancelling a receipt writes, in one append. */
export type CancelamentoRecebimento = {
  nota: NotaCancelada;
  /** One reversal per movement of the receipt, for the stock decider of each item's stream. */
  estornos: EstornarMovimento[];
  /** On the order's stream; null when the receipt added nothing to an order. */
  pedido: PedidoCompraAtendimentoDesfeito | null;
};

/**
 * Cancels a receipt: reverses every movement, takes its quantities back off the order (a
 * `cancelado` order stays so) and marks the Nota `cancelada`. A receipt already cancelled, or one
 * of whose movements was already reversed: 409. `state` is the stream of the Nota's access key.
 */
export function decideCancelarRecebimento(
  command: CancelarRecebimento,
  state: NotaState,
): Checked<CancelamentoRecebimento> {
  const { data, context } = command;
  const receipt = state.receipts.find((r) => r.nota_id === data.nota_id);
  if (!receipt) return notFound('id', 'nota não encontrada');
  const motivo = data.motivo ?? null;
  if (motivo !== null && (typeof motivo !== 'string' || motivo.length > MAX_MOTIVO)) {
    return validation('motivo', `motivo deve ser um texto de no máximo ${MAX_MOTIVO} caracteres`);
  }
  if (receipt.situacao === 'cancelada') return conflict('o recebimento desta nota já foi cancelado');
  const reversed = receipt.movimentos.find((m) => context.estornados.has(m.movimento_id));
  if (reversed) return conflict(`o movimento ${reversed.movimento_id} deste recebimento já foi estornado`);
  const estornos = receipt.movimentos.map(({ movimento_id, insumo_id }, i): EstornarMovimento => {
    const id = data.estorno_ids[i];
    if (id === undefined) throw new RangeError('one reversal id per movement of the receipt is needed');
    return {
      type: 'EstornarMovimento',
      data: {
        movimento_id: id,
        insumo_id,
        estornado_id: movimento_id,
        motivo: typeof motivo === 'string' ? motivo : null,
        origem: 'nfe',
        criado_em: data.agora,
      },
    };
  });
  const pedido =
    receipt.pedido_id !== null && context.pedido?.pedido_id === receipt.pedido_id
      ? desfazerAtendimento(context.pedido, receipt.nota_id, data.agora)
      : null;
  return accept({
    nota: {
      type: 'NotaCancelada.v1',
      data: {
        nota_id: receipt.nota_id,
        chave: state.chave as string,
        pedido_id: receipt.pedido_id,
        motivo: typeof motivo === 'string' ? motivo : null,
        estornos: estornos.map((e) => e.data.movimento_id),
        cancelada_em: data.agora,
      },
    },
    estornos,
    pedido,
  });
}
