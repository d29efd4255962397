import { fornecedor, presentFornecedor } from '@factory/api';
import type { Pool } from '@factory/database';
import { ApiError, defineRoute } from '@factory/http';
import { findSupplier } from '@factory/read-models';

/** GET /v1/fornecedores/{id}: also a deleted supplier; no stabilisation window. */
export const fornecedorRoute = (pool: Pool) =>
  defineRoute({
    ...fornecedor,
    handler: async ({ params, auth }) => {
      const row = await findSupplier(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentFornecedor(row);
    },
  });
