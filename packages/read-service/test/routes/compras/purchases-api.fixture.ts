// The read API over a real projector, with a purchases writer per company: for the purchases
// list routes' tests.

import type { TestClock } from '@factory/testing';
import { PurchasesWriter } from '../../../../../packages/read-models/test/purchases/purchases-writer.fixture.js';
import { createProjectedApi, type ProjectedApi, type ProjectedTenant } from '../projected-api.fixture.js';

export {
  type CreatedOrder,
  type NotaData,
  PurchasesWriter,
} from '../../../../../packages/read-models/test/purchases/purchases-writer.fixture.js';
export * from '../projected-api.fixture.js';
export type PurchasesApi = ProjectedApi<PurchasesWriter>;
export type PurchasesTenant = ProjectedTenant<PurchasesWriter>;

export const createPurchasesApi = (
  options: { windowSeconds?: number; clock?: TestClock } = {},
): Promise<PurchasesApi> =>
  createProjectedApi({
    projection: 'compras',
    writer: (store, empresaId) => new PurchasesWriter(store, empresaId),
    ...options,
  });
