import { locais } from '@factory/api';
import type { Pool } from '@factory/database';
import { defineRoute } from '@factory/http';
import { listLocations } from '@factory/tenants';

/** GET /v1/locais: every location of the company, by name, unpaginated. */
export const locaisRoute = (pool: Pool) =>
  defineRoute({
    ...locais,
    handler: async ({ auth }) => ({
      dados: await listLocations(pool, auth.empresa.id),
      proximo_cursor: null,
    }),
  });
