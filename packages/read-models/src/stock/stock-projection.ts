import type { Projection } from '../projector/projection.js';
import { foldStockEvents, STOCK_MOVEMENT_EVENTS } from './stock-rows.js';
import { writeStockBatch } from './write-stock-batch.js';

export const STOCK_TABLES = ['estoque_movimentos', 'estoque_saldos', 'estoque_itens'] as const;

/** The stock ledger, the balances per location and the totals per item. */
export const stockProjection: Projection = {
  name: 'estoque',
  version: 1,
  handles: STOCK_MOVEMENT_EVENTS,
  tables: STOCK_TABLES,
  apply: (client, events, target) => writeStockBatch(client, target.schema, foldStockEvents(events)),
};
