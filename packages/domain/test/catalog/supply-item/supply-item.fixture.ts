// Builders for the supply-item tests (given events / when command / then events). Not
// exported by the package.

import type { InsumoContext, InsumoItem, SalvarInsumo } from '../../../src/catalog/supply-item/commands.js';
import {
  decideInsumo,
  type InsumoCommand,
  type InsumoDecision,
} from '../../../src/catalog/supply-item/decide.js';
import type { InsumoCadastrado, InsumoStreamEvent } from '../../../src/catalog/supply-item/events.js';
import { newInsumo } from '../../../src/catalog/supply-item/record.js';
import {
  evolveInsumo,
  type InsumoState,
  initialInsumoState,
} from '../../../src/catalog/supply-item/state.js';
import { DEFAULT_UNITS } from '../../../src/company/units.js';
import type { StockCommand } from '../../../src/stock/commands.js';
import { decideStock } from '../../../src/stock/decide.js';

// The same item as the stock tests' fixture, so its movement builders apply.
export const INSUMO = 'insumo-1';
export const AGORA = '2025-03-01T12:00:00.000+00:00';
export const DEPOIS = '2025-03-02T09:30:00.000+00:00';

export const salvar = (
  item: Partial<Record<keyof InsumoItem, unknown>> = {},
  context: Partial<InsumoContext> = {},
): SalvarInsumo => ({
  type: 'SalvarInsumo',
  data: { insumo_id: INSUMO, item: { sku: 'TEC-01', ...item } as InsumoItem, agora: DEPOIS },
  context: { canReadCosts: true, units: DEFAULT_UNITS, ...context },
});

export const cadastrado = (fields: Partial<InsumoCadastrado['data']> = {}): InsumoCadastrado => ({
  type: 'InsumoCadastrado.v1',
  data: {
    insumo_id: INSUMO,
    ...newInsumo('TEC-01', {
      nome: 'Tecido',
      unidade_compra: 'rolo',
      unidade_consumo: 'm',
      fator_conversao: '50',
    }),
    cadastrado_em: AGORA,
    ...fields,
  },
});

export const fold = (events: readonly InsumoStreamEvent[]): InsumoState =>
  events.reduce(evolveInsumo, initialInsumoState());

/** Appends the events of stock commands decided by the stock decider on the same stream. */
export function withStock(events: InsumoStreamEvent[], ...commands: StockCommand[]): InsumoStreamEvent[] {
  const all = [...events];
  for (const command of commands) {
    const decision = decideStock(command, fold(all).stock);
    if (!decision.ok) throw new Error(`setup command refused: ${decision.error.mensagem}`);
    all.push(...decision.events);
  }
  return all;
}

export const given = (...events: InsumoStreamEvent[]) => ({
  when: (command: InsumoCommand): InsumoDecision => decideInsumo(command, fold(events)),
});
