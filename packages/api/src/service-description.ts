import { type AnyRouteDeclaration, buildOpenApiDocument, RouteCatalog } from '@factory/http';
import { descricao } from './routes/descricao.js';
import { readRoutes } from './routes/read-routes.js';
import { writeRoutes } from './routes/write-routes.js';

/**
 * Every route of the service, in the order the single process mounts them (read routes, write
 * routes, then the description itself): the order of its Allow headers and of its document.
 */
export const serviceRoutes: readonly AnyRouteDeclaration[] = [...readRoutes, ...writeRoutes, descricao];

/**
 * The service's OpenAPI document, from the contract alone: what `GET /v1/openapi.json` answers
 * through any front door, and what the typed client and the answer checks read.
 */
export function serviceDocument(): Record<string, unknown> {
  return buildOpenApiDocument(RouteCatalog.of(serviceRoutes));
}
