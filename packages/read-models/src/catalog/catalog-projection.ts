import type { Projection } from '../projector/projection.js';
import { foldBills } from './bills/fold-bills.js';
import { writeBills } from './bills/write-bills.js';
import { CATALOG_EVENTS, withCompany } from './catalog-events.js';
import { costInputs } from './costs/cost-inputs.js';
import { foldCosts } from './costs/fold-costs.js';
import { loadCostState } from './costs/load-cost-state.js';
import { writeCosts } from './costs/write-costs.js';
import { foldRecords } from './records/fold-records.js';
import { writeRecords } from './records/write-records.js';

export const CATALOG_TABLES = [
  'catalogo_produtos',
  'catalogo_insumos',
  'catalogo_insumo_locais',
  'catalogo_fornecedores',
  'catalogo_fichas',
  'catalogo_ficha_linhas',
] as const;

/**
 * Products, supply items, suppliers and active bills, with the bills' costs rolled up. Per
 * batch: the roll-up's state is loaded before anything is written (it must see the batch's
 * starting point), the batch is folded in memory, then each table is written once.
 */
export const catalogProjection: Projection = {
  name: 'catalogo',
  version: 1,
  handles: CATALOG_EVENTS,
  tables: CATALOG_TABLES,
  // Read by key only; not the bill lines, whose index by part the roll-up walks up.
  indexedAfterBuild: ['catalogo_produtos', 'catalogo_insumos', 'catalogo_fornecedores', 'catalogo_fichas'],
  async apply(client, events, target) {
    const batch = withCompany(events);
    const inputs = costInputs(batch);
    const costs = inputs === null ? null : await loadCostState(client, target.schema, inputs);
    if (costs !== null) foldCosts(costs, batch);
    for (const records of foldRecords(batch)) await writeRecords(client, target.schema, records);
    await writeBills(client, target.schema, foldBills(batch));
    if (costs !== null) await writeCosts(client, target.schema, costs);
  },
};
