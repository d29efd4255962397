import { z } from 'zod';
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

/**
 * Transitional: @factory/api's declarations, repeated for a caller that does not pass them yet
 * (apps/write-api's main, another session's file while this changed). Remove it, and make
 * `platformRoutes` required, once every caller passes @factory/api's; the black-box test holds
 * the description served through it to the contract's, byte for byte, until then.
 */
export const UNPASSED_PLATFORM_ROUTES: PlatformRoutes = {
  description: {
    method: 'GET',
    url: '/v1/openapi.json',
    scope: 'publico',
    summary: 'Descrição OpenAPI 3.1 deste serviço',
    response: z.record(z.string(), z.unknown()),
  },
  live: {
    method: 'GET',
    url: '/healthz',
    scope: 'publico',
    summary: 'O processo está no ar',
    response: z.unknown(),
  },
  ready: {
    method: 'GET',
    url: '/readyz',
    scope: 'publico',
    summary: 'Cada parte de que o processo depende responde',
    response: z.unknown(),
  },
};
