import type { Decision } from '../../stock/commands.js';
import type { InsumoDefinido } from '../../stock/events.js';
import type { ExcluirInsumo, SalvarInsumo } from './commands.js';
import { decideExcluirInsumo } from './decide-excluir-insumo.js';
import { decideInsumosLoteItem } from './decide-insumos-lote-item.js';
import type { InsumoCatalogEvent, InsumoStreamEvent } from './events.js';
import { evolveInsumo, type InsumoState, initialInsumoState } from './state.js';

export type InsumoCommand = SalvarInsumo | ExcluirInsumo;

export type InsumoDecision = Decision<InsumoCatalogEvent | InsumoDefinido>;

export function decideInsumo(command: InsumoCommand, state: InsumoState): InsumoDecision {
  const { type } = command;
  switch (type) {
    case 'SalvarInsumo':
      return decideInsumosLoteItem(command, state);
    case 'ExcluirInsumo':
      return decideExcluirInsumo(command, state);
    default: {
      const unknownCommand: never = type;
      throw new Error(`unknown supply item command ${String(unknownCommand)}`);
    }
  }
}

/** The catalog decider of one supply item's stream (`estoque-<empresa>-<insumo_id>`), emmett style. */
export const insumoDecider = {
  decide: decideInsumo,
  evolve: evolveInsumo,
  initialState: initialInsumoState,
} satisfies {
  decide: (command: InsumoCommand, state: InsumoState) => InsumoDecision;
  evolve: (state: InsumoState, event: InsumoStreamEvent) => InsumoState;
  initialState: () => InsumoState;
};
