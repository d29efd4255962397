import { receberNota } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import { parsedReceipt } from '../parsed-receipt.js';
import { answerNota } from '../purchase-answers.js';
import type { PurchasesRouteDeps } from '../purchases-deps.js';

/**
 * POST /v1/compras/recebimentos: receives a supplier's NF-e (the Nota, its entrada_nfe movements
 * and the order's progress in one write); Idempotency-Key required, as it creates movements.
 */
export const receberNotaRoute = (deps: PurchasesRouteDeps) =>
  defineRoute({
    ...receberNota,
    handler: ({ body, auth, request, reply }) =>
      withIdempotency({ pool: deps.pool, auth, request, reply, clock: deps.clock }, (key, attempt) => {
        const context = writeContextOf(auth, request, key, deps.clock());
        const input = parsedReceipt(body, auth);
        return answerNota(attempt, 201, (options) => deps.purchases.receberNota(context, input, options));
      }),
  });
