import { comprasPedido, presentPedidoCompra } from '@factory/api';
import type { Pool } from '@factory/database';
import { ApiError, defineRoute } from '@factory/http';
import { findOrder } from '@factory/read-models';

/** GET /v1/compras/pedidos/{id}: one purchase order; no stabilisation window. */
export const comprasPedidoRoute = (pool: Pool) =>
  defineRoute({
    ...comprasPedido,
    handler: async ({ params, auth }) => {
      const row = await findOrder(pool, auth.empresa.id, params.id);
      if (row === null) throw new ApiError('nao_encontrado');
      return presentPedidoCompra(row);
    },
  });
