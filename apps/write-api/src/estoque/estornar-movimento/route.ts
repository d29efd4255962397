import { defineRoute, movimentoSchema, param, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { answerMovement } from '../answer-movement.js';
import type { EstoqueDeps } from '../estoque-deps.js';
import { writeContextOf } from '../write-context.js';

// Optional: no body and no Content-Type is valid too.
const estornarMovimentoBody = z
  .strictObject({
    motivo: z.string().max(500).nullish(),
  })
  .optional();

/** POST /v1/estoque/movimentos/{id}/estorno: reverses a movement; Idempotency-Key optional. */
export const estornarMovimentoRoute = (deps: EstoqueDeps) =>
  defineRoute({
    method: 'POST',
    url: '/v1/estoque/movimentos/:id/estorno',
    scope: 'estoque:escrever',
    summary: 'Estorna um movimento de estoque (corpo opcional: {"motivo"})',
    params: z.object({ id: param.uuid }),
    body: estornarMovimentoBody,
    response: movimentoSchema,
    status: 201,
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        (key, attempt) => {
          const context = writeContextOf(auth, request, key, deps.clock());
          return answerMovement(attempt, 'nao_encontrado', (options) =>
            deps.stock.reverseMovement(context, { movimento_id: params.id, motivo: body?.motivo }, options),
          );
        },
      ),
  });
