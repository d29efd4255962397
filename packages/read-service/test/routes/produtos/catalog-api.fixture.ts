// The projected read API for the catalog route tests, with a writer of catalog (and stock) events.
import type { TestClock } from '@factory/testing';
import { CatalogWriter } from '../../../../../packages/read-models/test/catalog/catalog-writer.fixture.js';
import { createProjectedApi, type ProjectedApi, type ProjectedTenant } from '../projected-api.fixture.js';

export * from '../projected-api.fixture.js';
export type CatalogApi = ProjectedApi<CatalogWriter>;
export type Tenant = ProjectedTenant<CatalogWriter>;

export const createCatalogApi = (
  options: { windowSeconds?: number; clock?: TestClock } = {},
): Promise<CatalogApi> =>
  createProjectedApi({
    ...options,
    projection: 'catalogo',
    writer: (store, empresaId) => new CatalogWriter(store, empresaId),
  });
