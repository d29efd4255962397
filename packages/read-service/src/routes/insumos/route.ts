import { insumos, presentInsumo } from '@factory/api';
import { listSupplyItems } from '@factory/read-models';
import { catalogFilters } from '../catalog-filters.js';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/insumos: supply items by (atualizado_em, id), stabilised; deleted ones on request. */
export const insumosRoute = (deps: ListDeps) =>
  defineListRoute(deps, insumos, {
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.id],
    read: listSupplyItems,
    readFilters: catalogFilters,
    present: (row) => presentInsumo(row),
  });
