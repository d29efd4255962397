import type { CatalogoDeps } from '../catalogo-deps.js';
import { exclusaoRoute } from '../exclusao-route.js';

/** DELETE /v1/produtos/{id}: its own active bill is deactivated with it. */
export const excluirProdutoRoute = (deps: CatalogoDeps) =>
  exclusaoRoute(deps, {
    url: '/v1/produtos/:id',
    scope: 'produtos:escrever',
    summary: 'Exclui um produto (409 se a ficha ativa de outro produto o usa)',
    remove: (d, context, id) => d.catalog.deleteProduct(context, id),
  });
