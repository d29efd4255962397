import { comprasPedidos, presentPedidoCompra } from '@factory/api';
import { instantFilterUtc } from '@factory/http';
import { listOrders } from '@factory/read-models';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/compras/pedidos: purchase orders, by (atualizado_em, id). */
export const comprasPedidosRoute = (deps: ListDeps) =>
  defineListRoute(deps, comprasPedidos, {
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.id],
    read: listOrders,
    readFilters: (filters) => ({
      atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
      fornecedorId: filters.fornecedor_id,
      situacao: filters.situacao,
    }),
    present: (row) => presentPedidoCompra(row),
  });
