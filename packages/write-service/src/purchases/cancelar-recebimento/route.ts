import { cancelarRecebimento } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import { answerNota } from '../purchase-answers.js';
import type { PurchasesRouteDeps } from '../purchases-deps.js';

/**
 * POST /v1/compras/recebimentos/{id}/cancelamento: reverses every movement of the receipt, takes
 * its quantities off the order and marks the Nota cancelled, atomically. Body and key optional.
 */
export const cancelarRecebimentoRoute = (deps: PurchasesRouteDeps) =>
  defineRoute({
    ...cancelarRecebimento,
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency({ pool: deps.pool, auth, request, reply, clock: deps.clock }, (key, attempt) => {
        const context = writeContextOf(auth, request, key, deps.clock());
        return answerNota(attempt, 200, (options) =>
          deps.purchases.cancelarRecebimento(context, { nota_id: params.id, motivo: body?.motivo }, options),
        );
      }),
  });
