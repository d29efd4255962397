import { defineRoute, movimentoSchema, param, parseBody, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { answerMovement } from '../answer-movement.js';
import type { EstoqueDeps } from '../estoque-deps.js';
import { writeContextOf } from '../write-context.js';

const estornarMovimentoBody = z.strictObject({
  motivo: z.string().max(500).nullish(),
});

/**
 * POST /v1/estoque/movimentos/{id}/estorno: reverses a movement; Idempotency-Key optional.
 * The body is optional too (no body and no Content-Type is valid), which the platform's body
 * declaration cannot say: it is parsed here, with the platform's own parseBody.
 */
export const estornarMovimentoRoute = (deps: EstoqueDeps) =>
  defineRoute({
    method: 'POST',
    url: '/v1/estoque/movimentos/:id/estorno',
    scope: 'estoque:escrever',
    summary: 'Estorna um movimento de estoque (corpo opcional: {"motivo"})',
    params: z.object({ id: param.uuid }),
    response: movimentoSchema,
    status: 201,
    handler: ({ params, auth, request, reply }) => {
      const body = request.body === undefined ? {} : parseBody(request.body, estornarMovimentoBody);
      return withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        (key, attempt) => {
          const context = writeContextOf(auth, request, key, deps.clock());
          return answerMovement(attempt, 'nao_encontrado', (options) =>
            deps.stock.reverseMovement(context, { movimento_id: params.id, motivo: body.motivo }, options),
          );
        },
      );
    },
  });
