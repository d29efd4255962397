import { producaoApontamento, toApontamento } from '@factory/api';
import type { Pool } from '@factory/database';
import { ApiError, defineRoute } from '@factory/http';
import { findRecord } from '@factory/read-models';

/** GET /v1/producao/apontamentos/{id}: one production record; no stabilisation window. */
export const producaoApontamentoRoute = (pool: Pool) =>
  defineRoute({
    ...producaoApontamento,
    handler: async ({ params, auth }) => {
      const row = await findRecord(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return toApontamento(row);
    },
  });
