import { defineRoute, param, refusalError, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { type CatalogoDeps, catalogContextOf, positionHeader } from '../catalogo-deps.js';

const desativadaSchema = z.object({
  produto_id: z.uuid(),
  versao: z.number().int(),
  ativa: z.literal(false),
});

/** DELETE /v1/fichas/{produto_id}: the product no longer has an active bill; 404 when it had none. */
export const desativarFichaRoute = (deps: CatalogoDeps) =>
  defineRoute({
    method: 'DELETE',
    url: '/v1/fichas/:produto_id',
    scope: 'fichas:escrever',
    summary: 'Desativa a ficha técnica ativa do produto',
    params: z.object({ produto_id: param.uuid }),
    response: desativadaSchema,
    examples: { response: { produto_id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', versao: 3, ativa: false } },
    handler: ({ params, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const context = catalogContextOf(auth, request, key, deps.clock());
          const outcome = await deps.catalog.deactivateBill(context, params.produto_id);
          if (!outcome.ok) throw refusalError(outcome.error);
          return {
            status: 200,
            headers: positionHeader(outcome.position),
            body: { produto_id: outcome.produto_id, versao: outcome.versao, ativa: false as const },
          };
        },
      ),
  });
