import { excluirFornecedor } from '@factory/api';
import type { CatalogRouteDeps } from '../catalog-deps.js';
import { exclusaoRoute } from '../exclusao-route.js';

/** DELETE /v1/fornecedores/{id}: supply items naming it as default supplier keep the id. */
export const excluirFornecedorRoute = (deps: CatalogRouteDeps) =>
  exclusaoRoute(deps, excluirFornecedor, {
    remove: (d, context, id) => d.catalog.excluirFornecedor(context, id),
  });
