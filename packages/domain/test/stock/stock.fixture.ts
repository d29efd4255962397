// Builders for the stock tests (given events / when command / then events). Not exported
// by the package.

import type { InsumoExcluido } from '../../src/catalog/supply-item/events.js';
import type {
  EstornarMovimento,
  RegistrarMovimento,
  StockCommand,
  StockDecision,
} from '../../src/stock/commands.js';
import { decideStock } from '../../src/stock/decide.js';
import type { InsumoDefinido, StockEvent } from '../../src/stock/events.js';
import {
  evolveStock,
  initialStockState,
  type StockFoldedEvent,
  type StockState,
} from '../../src/stock/state.js';

export const INSUMO = 'insumo-1';
export const LOCAL = 'local-a';
export const OUTRO_LOCAL = 'local-b';
export const AGORA = '2025-03-01T12:00:00.000+00:00';

export const insumoDefinido = (overrides: Partial<InsumoDefinido['data']> = {}): InsumoDefinido => ({
  type: 'InsumoDefinido.v1',
  data: {
    insumo_id: INSUMO,
    sku: 'TEC-01',
    unidade_compra: 'rolo',
    unidade_consumo: 'm',
    fator_conversao: '50',
    custo_referencia: null,
    definido_em: AGORA,
    ...overrides,
  },
});

/** The catalog's deletion of the item, on the same stream. */
export const insumoExcluido = (): InsumoExcluido => ({
  type: 'InsumoExcluido.v1',
  data: { insumo_id: INSUMO, sku: 'TEC-01', excluido_em: AGORA },
});

export const registrar = (
  movimento_id: string,
  fields: Partial<RegistrarMovimento['data']> = {},
): RegistrarMovimento => ({
  type: 'RegistrarMovimento',
  data: {
    movimento_id,
    insumo_id: INSUMO,
    local_id: LOCAL,
    tipo: 'entrada_manual',
    quantidade: 1,
    origem: 'api',
    criado_em: AGORA,
    ...fields,
  },
});

export const estornar = (
  movimento_id: string,
  estornado_id: string,
  fields: Partial<EstornarMovimento['data']> = {},
): EstornarMovimento => ({
  type: 'EstornarMovimento',
  data: { movimento_id, insumo_id: INSUMO, estornado_id, origem: 'api', criado_em: AGORA, ...fields },
});

export const fold = (events: readonly StockFoldedEvent[]): StockState =>
  events.reduce(evolveStock, initialStockState());

/** Runs commands one after the other, keeping the events each one decided. */
export function history(...commands: StockCommand[]): StockEvent[] {
  const events: StockEvent[] = [insumoDefinido()];
  let state = fold(events);
  for (const command of commands) {
    const decision = decideStock(command, state);
    if (!decision.ok) throw new Error(`setup command refused: ${decision.error.kind}`);
    events.push(...decision.events);
    state = decision.events.reduce(evolveStock, state);
  }
  return events;
}

export const given = (...events: StockFoldedEvent[]) => ({
  when: (command: StockCommand): StockDecision => decideStock(command, fold(events)),
});
