import type { FornecedorEvent } from './events.js';
import type { FornecedorRegistro } from './record.js';

export type FornecedorState = {
  id: string | null;
  fornecedor: FornecedorRegistro | null;
  excluidoEm: string | null;
};

export const initialFornecedorState = (): FornecedorState => ({
  id: null,
  fornecedor: null,
  excluidoEm: null,
});

export const evolveFornecedor = (state: FornecedorState, event: FornecedorEvent): FornecedorState => {
  const { type, data } = event;
  switch (type) {
    case 'FornecedorCadastrado.v1': {
      const { fornecedor_id, cadastrado_em: _at, ...fornecedor } = data;
      return { ...state, id: fornecedor_id, fornecedor };
    }
    case 'FornecedorAlterado.v1':
      return state.fornecedor === null
        ? state
        : { ...state, fornecedor: { ...state.fornecedor, ...data.alteracoes } };
    case 'FornecedorExcluido.v1':
      return { ...state, excluidoEm: data.excluido_em };
    default: {
      // Compile time: every event is handled. Run time: a later event type leaves the state unchanged.
      const _unhandled: never = type;
      return state;
    }
  }
};
