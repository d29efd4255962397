import type { Pool } from '@factory/database';
import { ApiError, defineRoute, insumoExample, insumoSchema, param, presentInsumo } from '@factory/http';
import { findSupplyItem } from '@factory/read-models';
import { z } from 'zod';

/** GET /v1/insumos/{id}: also a deleted supply item; no stabilisation window. */
export const insumoRoute = (pool: Pool) =>
  defineRoute({
    method: 'GET',
    url: '/v1/insumos/:id',
    scope: 'insumos:ler',
    summary: 'Um insumo, também excluído',
    params: z.object({ id: param.uuid }),
    response: insumoSchema,
    examples: { response: insumoExample },
    handler: async ({ params, auth }) => {
      const row = await findSupplyItem(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentInsumo(row);
    },
  });
