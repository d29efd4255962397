import type { StockCommand, StockDecision } from './commands.js';
import { decideEstornarMovimento } from './decide-estornar-movimento.js';
import { decideRegistrarMovimento } from './decide-registrar-movimento.js';
import { evolveStock, initialStockState, type StockFoldedEvent, type StockState } from './state.js';

export function decideStock(command: StockCommand, state: StockState): StockDecision {
  const { type } = command;
  switch (type) {
    case 'RegistrarMovimento':
      return decideRegistrarMovimento(command, state);
    case 'EstornarMovimento':
      return decideEstornarMovimento(command, state);
    default: {
      const unknownCommand: never = type;
      throw new Error(`unknown stock command ${String(unknownCommand)}`);
    }
  }
}

/** The stock decider of one supply item's stream, emmett style. */
export const stockDecider = {
  decide: decideStock,
  evolve: evolveStock,
  initialState: initialStockState,
} satisfies {
  decide: (command: StockCommand, state: StockState) => StockDecision;
  evolve: (state: StockState, event: StockFoldedEvent) => StockState;
  initialState: () => StockState;
};
