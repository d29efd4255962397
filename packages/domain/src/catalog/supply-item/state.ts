import { evolveStock, initialStockState, type StockState } from '../../stock/state.js';
import type { InsumoStreamEvent } from './events.js';
import type { InsumoRegistro } from './record.js';

/**
 * The state of a supply item's stream: its catalog record and, folded by the stock's own
 * `evolveStock`, its stock state, from which `hasMovements` answers. A stock handler can
 * fold the stream with `evolveInsumo` too and decide on `.stock`.
 */
export type InsumoState = {
  id: string | null;
  insumo: InsumoRegistro | null;
  excluidoEm: string | null;
  stock: StockState;
};

export const initialInsumoState = (): InsumoState => ({
  id: null,
  insumo: null,
  excluidoEm: null,
  stock: initialStockState(),
});

export const evolveInsumo = (state: InsumoState, event: InsumoStreamEvent): InsumoState => {
  switch (event.type) {
    case 'InsumoCadastrado.v1': {
      const { insumo_id, cadastrado_em: _at, ...insumo } = event.data;
      return { ...state, id: insumo_id, insumo };
    }
    case 'InsumoAlterado.v1':
      return state.insumo === null
        ? state
        : { ...state, insumo: { ...state.insumo, ...event.data.alteracoes } };
    case 'InsumoExcluido.v1':
      // The stock folds it too: a deleted item takes no more movements.
      return { ...state, excluidoEm: event.data.excluido_em, stock: evolveStock(state.stock, event) };
    case 'InsumoDefinido.v1':
    case 'MovimentoRegistrado.v1':
    case 'MovimentoEstornado.v1':
      return { ...state, stock: evolveStock(state.stock, event) };
    default: {
      // Compile time: every event is handled. Run time: an event added to the stream later
      // by another part of the system leaves the state unchanged.
      const _unhandled: never = event;
      return state;
    }
  }
};
