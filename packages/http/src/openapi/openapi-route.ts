import type { AnyRoute, AnyRouteDeclaration } from '../routes/route-definition.js';
import { buildOpenApiDocument } from './openapi-document.js';

/** Serves a description's declaration: the document of every route the instance knows. */
export function describedRoute(declaration: AnyRouteDeclaration): AnyRoute {
  return {
    ...declaration,
    handler: async ({ request }) => buildOpenApiDocument(request.server.routeCatalog),
  };
}
