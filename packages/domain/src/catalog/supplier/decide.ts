import type { Decision } from '../../stock/commands.js';
import type { ExcluirFornecedor, SalvarFornecedor } from './commands.js';
import { decideExcluirFornecedor } from './decide-excluir-fornecedor.js';
import { decideFornecedoresLoteItem } from './decide-fornecedores-lote-item.js';
import type { FornecedorEvent } from './events.js';
import { evolveFornecedor, type FornecedorState, initialFornecedorState } from './state.js';

export type FornecedorCommand = SalvarFornecedor | ExcluirFornecedor;

export type FornecedorDecision = Decision<FornecedorEvent>;

export function decideFornecedor(command: FornecedorCommand, state: FornecedorState): FornecedorDecision {
  const { type } = command;
  switch (type) {
    case 'SalvarFornecedor':
      return decideFornecedoresLoteItem(command, state);
    case 'ExcluirFornecedor':
      return decideExcluirFornecedor(command, state);
    default: {
      const unknownCommand: never = type;
      throw new Error(`unknown supplier command ${String(unknownCommand)}`);
    }
  }
}

/** The decider of one supplier's stream (`fornecedor-<empresa>-<id>`), emmett style. */
export const fornecedorDecider = {
  decide: decideFornecedor,
  evolve: evolveFornecedor,
  initialState: initialFornecedorState,
} satisfies {
  decide: (command: FornecedorCommand, state: FornecedorState) => FornecedorDecision;
  evolve: (state: FornecedorState, event: FornecedorEvent) => FornecedorState;
  initialState: () => FornecedorState;
};
