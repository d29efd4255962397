import { nota, presentNota } from '@factory/api';
import type { Pool } from '@factory/database';
import { ApiError, defineRoute } from '@factory/http';
import { findNota } from '@factory/read-models';

/** GET /v1/notas/{id}: one received invoice, also a cancelled one; no stabilisation window. */
export const notaRoute = (pool: Pool) =>
  defineRoute({
    ...nota,
    handler: async ({ params, auth }) => {
      const row = await findNota(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentNota(row);
    },
  });
