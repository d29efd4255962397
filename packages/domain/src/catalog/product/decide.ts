import type { Decision } from '../../stock/commands.js';
import type { DefinirFicha, DesativarFicha } from '../bill/commands.js';
import { decideDesativarFicha } from '../bill/decide-desativar-ficha.js';
import { decideSubstituirFicha } from '../bill/decide-substituir-ficha.js';
import type { ExcluirProduto, SalvarProduto } from './commands.js';
import { decideExcluirProduto } from './decide-excluir-produto.js';
import { decideProdutosLoteItem } from './decide-produtos-lote-item.js';
import type { ProdutoEvent } from './events.js';
import { evolveProduto, initialProdutoState, type ProdutoState } from './state.js';

/** Commands of a product's stream: the product itself and its bill of materials. */
export type ProdutoCommand = SalvarProduto | ExcluirProduto | DefinirFicha | DesativarFicha;

export type ProdutoDecision = Decision<ProdutoEvent>;

export function decideProduto(command: ProdutoCommand, state: ProdutoState): ProdutoDecision {
  const { type } = command;
  switch (type) {
    case 'SalvarProduto':
      return decideProdutosLoteItem(command, state);
    case 'ExcluirProduto':
      return decideExcluirProduto(command, state);
    case 'DefinirFicha':
      return decideSubstituirFicha(command, state);
    case 'DesativarFicha':
      return decideDesativarFicha(command, state);
    default: {
      const unknownCommand: never = type;
      throw new Error(`unknown product command ${String(unknownCommand)}`);
    }
  }
}

/** The decider of one product's stream (`produto-<empresa>-<id>`), emmett style. */
export const produtoDecider = {
  decide: decideProduto,
  evolve: evolveProduto,
  initialState: initialProdutoState,
} satisfies {
  decide: (command: ProdutoCommand, state: ProdutoState) => ProdutoDecision;
  evolve: (state: ProdutoState, event: ProdutoEvent) => ProdutoState;
  initialState: () => ProdutoState;
};
