import { SITUACOES_PEDIDO } from '@factory/domain';
import { declareRoute, param } from '@factory/http';
import { z } from 'zod';
import { pedidoCompraExample, vinculoFornecedorExample } from '../resources/compras-examples.js';
import { pedidoCompraSchema } from '../resources/pedido-compra.js';
import { vinculoFornecedorSchema } from '../resources/vinculo-fornecedor.js';
import { declareList } from './list-declaration.js';

/** GET /v1/compras/pedidos: purchase orders by (atualizado_em, id), stabilised. */
export const comprasPedidos = declareList({
  url: '/v1/compras/pedidos',
  scope: 'compras:ler',
  summary: 'Pedidos de compra, em ordem de atualização',
  filters: {
    atualizado_desde: param.instant.optional(),
    fornecedor_id: param.uuid.optional(),
    situacao: param.oneOf(SITUACOES_PEDIDO).optional(),
  },
  item: pedidoCompraSchema,
  example: pedidoCompraExample,
});

/** GET /v1/compras/pedidos/{id}: one purchase order; no stabilisation window. */
export const comprasPedido = declareRoute({
  method: 'GET',
  url: '/v1/compras/pedidos/:id',
  scope: 'compras:ler',
  summary: 'Um pedido de compra',
  params: z.object({ id: param.uuid }),
  response: pedidoCompraSchema,
  examples: { response: pedidoCompraExample },
});

/**
 * GET /v1/fornecedores/{id}/vinculos: the supplier's item links by `codigo`, stabilised. An
 * unknown supplier (or another company's) has none: the list is empty, as a filter that
 * matches nothing is.
 */
export const fornecedorVinculos = declareList({
  url: '/v1/fornecedores/:id/vinculos',
  scope: 'compras:ler',
  summary: 'Vínculos dos códigos do fornecedor com insumos, em ordem de código',
  params: { id: param.uuid },
  filters: {},
  item: vinculoFornecedorSchema,
  example: vinculoFornecedorExample,
});
