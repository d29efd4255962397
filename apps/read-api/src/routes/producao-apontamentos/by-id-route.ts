import type { Pool } from '@factory/database';
import {
  ApiError,
  apontamentoExample,
  apontamentoSchema,
  defineRoute,
  param,
  toApontamento,
} from '@factory/http';
import { findRecord } from '@factory/read-models';
import { z } from 'zod';

/** GET /v1/producao/apontamentos/{id}: one production record; no stabilisation window. */
export const producaoApontamentoRoute = (pool: Pool) =>
  defineRoute({
    method: 'GET',
    url: '/v1/producao/apontamentos/:id',
    scope: 'producao:ler',
    summary: 'Um apontamento de produção',
    params: z.object({ id: param.uuid }),
    response: apontamentoSchema,
    examples: { response: apontamentoExample },
    handler: async ({ params, auth }) => {
      const row = await findRecord(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return toApontamento(row);
    },
  });
