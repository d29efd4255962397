import { presentProduto, produto } from '@factory/api';
import type { Pool } from '@factory/database';
import { ApiError, defineRoute } from '@factory/http';
import { findProduct } from '@factory/read-models';

/** GET /v1/produtos/{id}: also a deleted product; no stabilisation window. */
export const produtoRoute = (pool: Pool) =>
  defineRoute({
    ...produto,
    handler: async ({ params, auth }) => {
      const row = await findProduct(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentProduto(row);
    },
  });
