import { registrarMovimento } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { answerMovement } from '../answer-movement.js';
import type { StockRouteDeps } from '../stock-deps.js';
import { writeContextOf } from '../write-context.js';

/** POST /v1/estoque/movimentos: registers a movement; Idempotency-Key required. */
export const registrarMovimentoRoute = (deps: StockRouteDeps) =>
  defineRoute({
    ...registrarMovimento,
    handler: ({ body, auth, request, reply }) =>
      withIdempotency(
        {
          pool: deps.pool,
          auth,
          request,
          reply,
          clock: deps.clock,
          firstAttemptUnclaimed: deps.keysInsertedByAppend,
        },
        (key, attempt) => {
          const context = writeContextOf(auth, request, key, deps.clock());
          return answerMovement(attempt, 'validacao', (options) =>
            deps.stock.registrarMovimento(context, body, options),
          );
        },
      ),
  });
