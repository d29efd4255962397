import { catalogProjection } from './catalog/catalog-projection.js';
import { productionProjection } from './production/production-projection.js';
import type { Projection } from './projector/projection.js';
import { purchasesProjection } from './purchases/purchases-projection.js';
import { stockProjection } from './stock/stock-projection.js';

/** Every projection a projector worker hosts (the server in-process, apps/projector standalone). */
export const PROJECTIONS: readonly Projection[] = [
  stockProjection,
  catalogProjection,
  productionProjection,
  purchasesProjection,
];
