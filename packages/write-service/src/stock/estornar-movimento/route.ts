import { estornarMovimento } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { answerMovement } from '../answer-movement.js';
import type { StockRouteDeps } from '../stock-deps.js';
import { writeContextOf } from '../write-context.js';

/** POST /v1/estoque/movimentos/{id}/estorno: reverses a movement; Idempotency-Key optional. */
export const estornarMovimentoRoute = (deps: StockRouteDeps) =>
  defineRoute({
    ...estornarMovimento,
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        (key, attempt) => {
          const context = writeContextOf(auth, request, key, deps.clock());
          return answerMovement(attempt, 'nao_encontrado', (options) =>
            deps.stock.estornarMovimento(context, { movimento_id: params.id, motivo: body?.motivo }, options),
          );
        },
      ),
  });
