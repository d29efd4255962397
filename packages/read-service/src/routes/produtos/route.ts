import { presentProduto, produtos } from '@factory/api';
import { listProducts } from '@factory/read-models';
import { catalogFilters } from '../catalog-filters.js';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/produtos: products and kits by (atualizado_em, id), stabilised; deleted ones on request. */
export const produtosRoute = (deps: ListDeps) =>
  defineListRoute(deps, produtos, {
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.id],
    read: listProducts,
    readFilters: catalogFilters,
    present: (row) => presentProduto(row),
  });
