import { cancelarPedidoCompra } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import { answerOrder } from '../purchase-answers.js';
import type { PurchasesRouteDeps } from '../purchases-deps.js';

/** POST /v1/compras/pedidos/{id}/cancelamento: body and Idempotency-Key optional. */
export const cancelarPedidoRoute = (deps: PurchasesRouteDeps) =>
  defineRoute({
    ...cancelarPedidoCompra,
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency({ pool: deps.pool, auth, request, reply, clock: deps.clock }, (key, attempt) => {
        const context = writeContextOf(auth, request, key, deps.clock());
        return answerOrder(
          attempt,
          200,
          () => deps.purchases.cancelarPedido(context, { pedido_id: params.id, motivo: body?.motivo }),
          false,
        );
      }),
  });
