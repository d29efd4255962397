import { ficha, presentFicha } from '@factory/api';
import type { Pool } from '@factory/database';
import { ApiError, defineRoute } from '@factory/http';
import { findBill } from '@factory/read-models';

/** GET /v1/fichas/{produto_id}: the product's active bill; 404 without one. No stabilisation window. */
export const fichaRoute = (pool: Pool) =>
  defineRoute({
    ...ficha,
    handler: async ({ params, auth }) => {
      const row = await findBill(pool, auth.empresa.id, params.produto_id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentFicha(row);
    },
  });
