import { excluirProduto } from '@factory/api';
import type { CatalogRouteDeps } from '../catalog-deps.js';
import { exclusaoRoute } from '../exclusao-route.js';

/** DELETE /v1/produtos/{id}: its own active bill is deactivated with it. */
export const excluirProdutoRoute = (deps: CatalogRouteDeps) =>
  exclusaoRoute(deps, excluirProduto, {
    remove: (d, context, id) => d.catalog.excluirProduto(context, id),
  });
