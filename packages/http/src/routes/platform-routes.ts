import type { AnyRouteDeclaration } from './route-definition.js';

/**
 * The routes every API process answers besides its own: its description and its probes. The
 * service declares them (@factory/api's `platformRoutes`); the platform serves them.
 */
export interface PlatformRoutes {
  /** The description: the OpenAPI document of every route this process knows (its catalog). */
  description: AnyRouteDeclaration;
  /** The liveness probe: outside the catalog, so no token, no rate limit, not described. */
  live: AnyRouteDeclaration;
  /** The readiness probe, likewise. */
  ready: AnyRouteDeclaration;
}
