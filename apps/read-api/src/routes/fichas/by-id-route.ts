import type { Pool } from '@factory/database';
import { ApiError, defineRoute, fichaExample, fichaSchema, param, presentFicha } from '@factory/http';
import { findBill } from '@factory/read-models';
import { z } from 'zod';

/** GET /v1/fichas/{produto_id}: the product's active bill; 404 without one. No stabilisation window. */
export const fichaRoute = (pool: Pool) =>
  defineRoute({
    method: 'GET',
    url: '/v1/fichas/:produto_id',
    scope: 'fichas:ler',
    summary: 'A ficha técnica ativa de um produto',
    params: z.object({ produto_id: param.uuid }),
    response: fichaSchema,
    examples: { response: fichaExample },
    handler: async ({ params, auth }) => {
      const row = await findBill(pool, auth.empresa.id, params.produto_id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentFicha(row);
    },
  });
