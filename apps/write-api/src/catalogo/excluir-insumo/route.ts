import type { CatalogoDeps } from '../catalogo-deps.js';
import { exclusaoRoute } from '../exclusao-route.js';

/** DELETE /v1/insumos/{id}. */
export const excluirInsumoRoute = (deps: CatalogoDeps) =>
  exclusaoRoute(deps, {
    url: '/v1/insumos/:id',
    scope: 'insumos:escrever',
    summary: 'Exclui um insumo (409 se uma ficha ativa o usa)',
    remove: (d, context, id) => d.catalog.deleteSupplyItem(context, id),
  });
