import { criarPedidoCompra } from '@factory/api';
import { canSeeCosts, defineRoute, withIdempotency } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import { answerOrder } from '../purchase-answers.js';
import type { PurchasesRouteDeps } from '../purchases-deps.js';

/** POST /v1/compras/pedidos: a purchase order, numbered per company; Idempotency-Key required. */
export const criarPedidoRoute = (deps: PurchasesRouteDeps) =>
  defineRoute({
    ...criarPedidoCompra,
    handler: ({ body, auth, request, reply }) =>
      withIdempotency({ pool: deps.pool, auth, request, reply, clock: deps.clock }, (key, attempt) => {
        const context = writeContextOf(auth, request, key, deps.clock());
        const calendar = { fuso: auth.empresa.fuso, horaVirada: auth.empresa.horaVirada };
        return answerOrder(attempt, 201, (options) =>
          deps.purchases.criarPedido(
            context,
            { ...body, calendar, podeVerCustos: canSeeCosts(auth) },
            options,
          ),
        );
      }),
  });
