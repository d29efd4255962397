import type { InlineProjection } from '@factory/event-store';
import { activeBillsTable } from './catalog/tables/active-bills-table.js';
import { productAliasesTable } from './catalog/tables/product-aliases-table.js';
import { productsTable } from './catalog/tables/products-table.js';
import { suppliersTable } from './catalog/tables/suppliers-table.js';
import { supplyItemsTable } from './catalog/tables/supply-items-table.js';
import { purchasesTables } from './purchases/tables/purchases-tables.js';
import { movementIndex } from './stock/movement-index.js';

/**
 * The write model's inline projections, handed to the event store when it is opened: where rows
 * come after the commit, its catch-up re-derives theirs from the log with them. For each event
 * (the catch-up: each batch of events) they run in this order: a product's record before its
 * aliases and its bill, which refer to it.
 */
export const writeSideProjections: readonly InlineProjection[] = [
  productsTable,
  productAliasesTable,
  activeBillsTable,
  supplyItemsTable,
  suppliersTable,
  movementIndex,
  ...purchasesTables,
];
