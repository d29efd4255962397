import type { NotaEvent, SituacaoNota } from '../events.js';

export type MovimentoDaNota = { movimento_id: string; insumo_id: string };

export type ReceiptOnKey = {
  nota_id: string;
  situacao: SituacaoNota;
  pedido_id: string | null;
  local_id: string;
  /** In item order. */
  movimentos: MovimentoDaNota[];
};

/**
 * The receipts of one access key (its stream, `nota-<empresa>-<chave>`): at most one is not
 * cancelled, and it is the last.
 */
export type NotaState = { chave: string | null; receipts: ReceiptOnKey[] };

export const initialNotaState = (): NotaState => ({ chave: null, receipts: [] });

/** The receipt of the key that is not cancelled, if any (check 6). */
export const activeReceipt = (state: NotaState): ReceiptOnKey | undefined =>
  state.receipts.find((receipt) => receipt.situacao === 'recebida');

export function evolveNota(state: NotaState, event: NotaEvent): NotaState {
  switch (event.type) {
    case 'NotaRecebida.v1': {
      const { nota_id, pedido_id, local_id, itens } = event.data;
      const movimentos = itens.map(({ movimento_id, insumo_id }) => ({ movimento_id, insumo_id }));
      const receipt: ReceiptOnKey = { nota_id, situacao: 'recebida', pedido_id, local_id, movimentos };
      return { chave: event.data.chave, receipts: [...state.receipts, receipt] };
    }
    case 'NotaCancelada.v1':
      return {
        ...state,
        receipts: state.receipts.map((receipt) =>
          receipt.nota_id === event.data.nota_id ? { ...receipt, situacao: 'cancelada' } : receipt,
        ),
      };
  }
}
