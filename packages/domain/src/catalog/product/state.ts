import type { ProdutoEvent } from './events.js';
import type { ProdutoRegistro } from './record.js';

export type ProdutoState = {
  id: string | null;
  /** Null until the product is created. */
  produto: ProdutoRegistro | null;
  excluidoEm: string | null;
  /** The latest bill version and whether it is still active; null before the first. */
  ficha: { versao: number; ativa: boolean } | null;
};

export const initialProdutoState = (): ProdutoState => ({
  id: null,
  produto: null,
  excluidoEm: null,
  ficha: null,
});

export const isLive = (
  state: ProdutoState,
): state is ProdutoState & { id: string; produto: ProdutoRegistro } =>
  state.produto !== null && state.excluidoEm === null;

export const evolveProduto = (state: ProdutoState, event: ProdutoEvent): ProdutoState => {
  const { type, data } = event;
  switch (type) {
    case 'ProdutoCadastrado.v1': {
      const { produto_id, cadastrado_em: _at, ...produto } = data;
      return { ...state, id: produto_id, produto };
    }
    case 'ProdutoAlterado.v1':
      return state.produto === null ? state : { ...state, produto: { ...state.produto, ...data.alteracoes } };
    case 'ProdutoExcluido.v1':
      return { ...state, excluidoEm: data.excluido_em };
    case 'FichaDefinida.v1':
      return { ...state, ficha: { versao: data.versao, ativa: true } };
    case 'FichaDesativada.v1':
      return { ...state, ficha: { versao: data.versao, ativa: false } };
    default: {
      // Compile time: every event is handled. Run time: an event added to the stream later
      // by another part of the system leaves the state unchanged.
      const _unhandled: never = type;
      return state;
    }
  }
};
