import type { CatalogoDeps } from '../catalogo-deps.js';
import { exclusaoRoute } from '../exclusao-route.js';

/** DELETE /v1/fornecedores/{id}: supply items naming it as default supplier keep the id. */
export const excluirFornecedorRoute = (deps: CatalogoDeps) =>
  exclusaoRoute(deps, {
    url: '/v1/fornecedores/:id',
    scope: 'fornecedores:escrever',
    summary: 'Exclui um fornecedor',
    remove: (d, context, id) => d.catalog.deleteSupplier(context, id),
  });
