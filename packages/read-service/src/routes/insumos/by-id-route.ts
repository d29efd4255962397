import { insumo, presentInsumo } from '@factory/api';
import type { Pool } from '@factory/database';
import { ApiError, defineRoute } from '@factory/http';
import { findSupplyItem } from '@factory/read-models';

/** GET /v1/insumos/{id}: also a deleted supply item; no stabilisation window. */
export const insumoRoute = (pool: Pool) =>
  defineRoute({
    ...insumo,
    handler: async ({ params, auth }) => {
      const row = await findSupplyItem(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentInsumo(row);
    },
  });
