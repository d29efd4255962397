// The projected read API for the stock list tests, with a writer of stock events.
import type { TestClock } from '@factory/testing';
import { StockWriter } from '../../../../../packages/read-models/test/stock/stock-writer.fixture.js';
import { createProjectedApi, type ProjectedApi, type ProjectedTenant } from '../projected-api.fixture.js';

export * from '../projected-api.fixture.js';
export type StockApi = ProjectedApi<StockWriter>;
export type Tenant = ProjectedTenant<StockWriter>;

export const createStockApi = (
  options: { windowSeconds?: number; clock?: TestClock } = {},
): Promise<StockApi> =>
  createProjectedApi({
    ...options,
    projection: 'estoque',
    writer: (store, empresaId) => new StockWriter(store, empresaId),
  });
