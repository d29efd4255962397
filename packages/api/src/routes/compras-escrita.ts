import type { AnyRouteDeclaration } from '@factory/http';
import { declareRoute, param } from '@factory/http';
import { z } from 'zod';
import {
  notaExample,
  pedidoCompraBodyExample,
  pedidoCompraExample,
  previaRecebimentoExample,
  recebimentoBodyExample,
  vinculoFornecedorExample,
} from '../resources/compras-examples.js';
import { dateText, uuidText } from '../resources/decided-fields.js';
import { notaSchema } from '../resources/nota.js';
import { pedidoCompraSchema } from '../resources/pedido-compra.js';
import { previaRecebimentoSchema, recebimentoBodySchema } from '../resources/recebimento.js';
import { vinculoFornecedorSchema } from '../resources/vinculo-fornecedor.js';

// The purchases writes (compras.md). Bodies hold types and presence only: the deciders check
// values (1 to 200 lines, each supply item once, prices only with custos:ler, the document's
// checks in the contract's order...) and name the key at fault.

const SIGNATURE_NOTE =
  'A assinatura digital do XML não é verificada nesta versão: vale o protocolo de autorização (`protNFe`, `cStat` 100 ou 150, `chNFe` igual à chave e dígito verificador da chave).';

const criarPedidoBody = z.strictObject({
  fornecedor_id: uuidText(),
  local_id: uuidText(),
  /** Absent: today (production day) + the supplier's lead_time_dias. */
  previsto_para: dateText().nullish(),
  /** Absent: the supplier's. */
  condicao_pagamento: z.array(z.number()).nullish(),
  observacao: z.string().nullish(),
  itens: z.array(
    z.strictObject({
      insumo_id: uuidText(),
      quantidade: z.number(),
      /** Reais per purchase unit; only from a token with custos:ler. */
      preco_unitario: z.number().nullish(),
    }),
  ),
});

/** POST /v1/compras/pedidos: a purchase order, numbered per company in creation order. */
export const criarPedidoCompra = declareRoute({
  method: 'POST',
  url: '/v1/compras/pedidos',
  scope: 'compras:escrever',
  summary: 'Cria um pedido de compra',
  description:
    'Cria um pedido de compra de 1 a 200 itens, cada insumo no máximo uma vez. `numero` é dado por empresa, em ordem de criação, nunca reutilizado. `preco_unitario` exige o escopo `custos:ler`.',
  body: criarPedidoBody,
  response: pedidoCompraSchema,
  status: 201,
  idempotencyKey: 'required',
  examples: { body: pedidoCompraBodyExample, response: { ...pedidoCompraExample, situacao: 'aberto' } },
});

// Optional: no body and no Content-Type is valid too.
const motivoBody = z.strictObject({ motivo: z.string().max(500).nullish() }).optional();

/** POST /v1/compras/pedidos/{id}/cancelamento: `aberto` or `parcial` become `cancelado`. */
export const cancelarPedidoCompra = declareRoute({
  method: 'POST',
  url: '/v1/compras/pedidos/:id/cancelamento',
  scope: 'compras:escrever',
  summary: 'Cancela um pedido de compra aberto ou parcial (corpo opcional: {"motivo"})',
  description:
    'Fecha o que não foi recebido; o estoque já recebido fica. Um pedido `recebido` ou `cancelado`: 409 `conflito`.',
  params: z.object({ id: param.uuid }),
  body: motivoBody,
  response: pedidoCompraSchema,
  examples: {
    body: { motivo: 'fornecedor sem estoque' },
    response: {
      ...pedidoCompraExample,
      situacao: 'cancelado',
      motivo_cancelamento: 'fornecedor sem estoque',
    },
  },
});

const vinculoParams = z.object({
  id: param.uuid,
  /** The supplier's product code, exact, 1 to 60 characters. */
  codigo: z.string().min(1).max(60),
});

/** PUT /v1/fornecedores/{id}/vinculos/{codigo}: creates or replaces the link of that code. */
export const definirVinculoFornecedor = declareRoute({
  method: 'PUT',
  url: '/v1/fornecedores/:id/vinculos/:codigo',
  scope: 'compras:escrever',
  summary: 'Cria ou substitui o vínculo de um código do fornecedor com um insumo',
  params: vinculoParams,
  body: z.strictObject({ insumo_id: uuidText(), fator: z.number() }),
  response: vinculoFornecedorSchema,
  examples: {
    body: { insumo_id: vinculoFornecedorExample.insumo_id, fator: 3.2 },
    response: vinculoFornecedorExample,
  },
});

/** DELETE /v1/fornecedores/{id}/vinculos/{codigo}: 204; 404 when the code has no link. */
export const removerVinculoFornecedor = declareRoute({
  method: 'DELETE',
  url: '/v1/fornecedores/:id/vinculos/:codigo',
  scope: 'compras:escrever',
  summary: 'Exclui o vínculo de um código do fornecedor (404 se não há)',
  params: vinculoParams,
  response: z.undefined(),
  status: 204,
});

/**
 * POST /v1/compras/recebimentos: receives an authorised NF-e: the Nota, one entrada_nfe
 * movement per item and the order's progress, in one write.
 */
export const receberNota = declareRoute({
  method: 'POST',
  url: '/v1/compras/recebimentos',
  scope: 'compras:escrever',
  summary: 'Recebe a NF-e de um fornecedor: entrada no estoque com o custo de entrada',
  description: [
    'Registra a nota, um movimento `entrada_nfe` por item (origem `nfe`, referência a chave de acesso) e o avanço do pedido de compra, numa única escrita.',
    'O documento é conferido nesta ordem, e a primeira falha responde: XML bem formado, sem DOCTYPE nem entidades, até 990 itens, `nfeProc` 4.00 modelo 55; protocolo de autorização; ambiente de homologação só com `aceitar_homologacao`; destinatário com o CNPJ da empresa; emitente entre os fornecedores; chave ainda não recebida (409); cada item com vínculo; pedido do mesmo fornecedor, nem cancelado nem recebido (409).',
    SIGNATURE_NOTE,
  ].join('\n\n'),
  body: recebimentoBodySchema,
  response: notaSchema,
  status: 201,
  idempotencyKey: 'required',
  examples: { body: recebimentoBodyExample, response: notaExample },
});

/** POST /v1/compras/recebimentos/previa: what the receipt would record; writes nothing. */
export const previaRecebimento = declareRoute({
  method: 'POST',
  url: '/v1/compras/recebimentos/previa',
  scope: 'compras:escrever',
  summary: 'Prévia do recebimento de uma NF-e: o que seria registrado, sem gravar nada',
  description: [
    'Faz as conferências do recebimento, menos a dos vínculos: um item sem vínculo vem com `situacao_vinculo` `sem_vinculo` e insumo, fator, quantidade de consumo e custos nulos. `id` e `movimento_id` são nulos.',
    SIGNATURE_NOTE,
  ].join('\n\n'),
  body: recebimentoBodySchema,
  response: previaRecebimentoSchema,
  examples: { body: recebimentoBodyExample, response: previaRecebimentoExample },
});

/** POST /v1/compras/recebimentos/{id}/cancelamento: reverses the receipt's movements. */
export const cancelarRecebimento = declareRoute({
  method: 'POST',
  url: '/v1/compras/recebimentos/:id/cancelamento',
  scope: 'compras:escrever',
  summary: 'Cancela um recebimento: estorna seus movimentos (corpo opcional: {"motivo"})',
  description:
    'Estorna cada movimento do recebimento, tira suas quantidades do pedido e marca a nota `cancelada`; a mesma chave pode então ser recebida de novo. Um recebimento já cancelado, ou com um movimento já estornado: 409 `conflito`.',
  params: z.object({ id: param.uuid }),
  body: motivoBody,
  response: notaSchema,
  examples: {
    body: { motivo: 'nota recusada na portaria' },
    response: { ...notaExample, situacao: 'cancelada', atualizado_em: '2026-03-10T11:40:00.000-03:00' },
  },
});

/** The purchases writes, in the order the write API mounts them (writeRoutes takes them whole). */
export const comprasWriteDeclarations: readonly AnyRouteDeclaration[] = [
  criarPedidoCompra,
  cancelarPedidoCompra,
  definirVinculoFornecedor,
  removerVinculoFornecedor,
  receberNota,
  previaRecebimento,
  cancelarRecebimento,
];
