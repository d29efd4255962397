import type { Pool } from '@factory/database';
import { ApiError, defineRoute, param } from '@factory/http';
import { findSupplier } from '@factory/read-models';
import { z } from 'zod';
import { fornecedor, presentFornecedor } from './fornecedor.js';

/** GET /v1/fornecedores/{id}: also a deleted supplier; no stabilisation window. */
export const fornecedorRoute = (pool: Pool) =>
  defineRoute({
    method: 'GET',
    url: '/v1/fornecedores/:id',
    scope: 'fornecedores:ler',
    summary: 'Um fornecedor, também excluído',
    params: z.object({ id: param.uuid }),
    response: fornecedor,
    handler: async ({ params, auth }) => {
      const row = await findSupplier(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentFornecedor(row);
    },
  });
