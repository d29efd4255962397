import type { Pool } from '@factory/database';
import {
  ApiError,
  defineRoute,
  fornecedorExample,
  fornecedorSchema,
  param,
  presentFornecedor,
} from '@factory/http';
import { findSupplier } from '@factory/read-models';
import { z } from 'zod';

/** GET /v1/fornecedores/{id}: also a deleted supplier; no stabilisation window. */
export const fornecedorRoute = (pool: Pool) =>
  defineRoute({
    method: 'GET',
    url: '/v1/fornecedores/:id',
    scope: 'fornecedores:ler',
    summary: 'Um fornecedor, também excluído',
    params: z.object({ id: param.uuid }),
    response: fornecedorSchema,
    examples: { response: fornecedorExample },
    handler: async ({ params, auth }) => {
      const row = await findSupplier(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentFornecedor(row);
    },
  });
