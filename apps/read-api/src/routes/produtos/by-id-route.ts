import type { Pool } from '@factory/database';
import { ApiError, defineRoute, param, presentProduto, produtoExample, produtoSchema } from '@factory/http';
import { findProduct } from '@factory/read-models';
import { z } from 'zod';

/** GET /v1/produtos/{id}: also a deleted product; no stabilisation window. */
export const produtoRoute = (pool: Pool) =>
  defineRoute({
    method: 'GET',
    url: '/v1/produtos/:id',
    scope: 'produtos:ler',
    summary: 'Um produto ou kit, também excluído',
    params: z.object({ id: param.uuid }),
    response: produtoSchema,
    examples: { response: produtoExample },
    handler: async ({ params, auth }) => {
      const row = await findProduct(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentProduto(row);
    },
  });
