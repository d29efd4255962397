import { excluirInsumo } from '@factory/api';
import type { CatalogRouteDeps } from '../catalog-deps.js';
import { exclusaoRoute } from '../exclusao-route.js';

/** DELETE /v1/insumos/{id}. */
export const excluirInsumoRoute = (deps: CatalogRouteDeps) =>
  exclusaoRoute(deps, excluirInsumo, {
    remove: (d, context, id) => d.catalog.excluirInsumo(context, id),
  });
