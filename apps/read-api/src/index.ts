import type { Pool } from '@factory/database';
import type { AnyRoute } from '@factory/http';
import { euRoute } from './routes/eu/route.js';
import { locaisRoute } from './routes/locais/route.js';

/** Every route of the read API, ready to be registered on a platform instance. */
export function readApiRoutes(deps: { pool: Pool }): AnyRoute[] {
  return [euRoute, locaisRoute(deps.pool)];
}
