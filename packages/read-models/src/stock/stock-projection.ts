import type { Projection } from '../projector/projection.js';
import { foldBalances, foldMovements, STOCK_MOVEMENT_EVENTS } from './stock-rows.js';
import { writeBalances, writeMovements } from './write-stock-batch.js';

export const STOCK_TABLES = ['estoque_movimentos', 'estoque_saldos', 'estoque_itens'] as const;

/**
 * The stock ledger, the balances per location and the totals per item. The ledger is most of
 * the work and its rows depend on nothing earlier: it is staged, overlapping the commit of the
 * batch before (apply-batch.ts); balances and totals follow once that batch has committed.
 */
export const stockProjection: Projection = {
  name: 'estoque',
  version: 1,
  handles: STOCK_MOVEMENT_EVENTS,
  tables: STOCK_TABLES,
  // Read by key only: the ledger never, the balances by item (a prefix of their key).
  indexedAfterBuild: ['estoque_movimentos', 'estoque_saldos'],
  stage: (client, events, target) => writeMovements(client, target.schema, foldMovements(events)),
  apply: (client, events, target) => writeBalances(client, target.schema, foldBalances(events)),
};
