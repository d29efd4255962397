import { declareRoute, param } from '@factory/http';
import { z } from 'zod';
import { fichaExample, fornecedorExample, insumoExample, produtoExample } from '../resources/examples.js';
import { fichaSchema } from '../resources/ficha.js';
import { fornecedorSchema } from '../resources/fornecedor.js';
import { insumoSchema } from '../resources/insumo.js';
import { produtoSchema } from '../resources/produto.js';
import { declareList } from './list-declaration.js';

/** GET /v1/produtos: products and kits by (atualizado_em, id), stabilised; deleted ones on request. */
export const produtos = declareList({
  url: '/v1/produtos',
  scope: 'produtos:ler',
  summary: 'Produtos e kits, em ordem de atualização',
  filters: {
    atualizado_desde: param.instant.optional(),
    sku: param.text.optional(),
    status: param.oneOf(['ativo', 'inativo']).optional(),
    familia: param.text.optional(),
    tipo: param.oneOf(['produto', 'kit']).optional(),
    incluir_excluidos: param.boolean.optional(),
  },
  item: produtoSchema,
  example: produtoExample,
});

/** GET /v1/produtos/{id}: also a deleted product; no stabilisation window. */
export const produto = declareRoute({
  method: 'GET',
  url: '/v1/produtos/:id',
  scope: 'produtos:ler',
  summary: 'Um produto ou kit, também excluído',
  params: z.object({ id: param.uuid }),
  response: produtoSchema,
  examples: { response: produtoExample },
});

/** GET /v1/insumos: supply items by (atualizado_em, id), stabilised; deleted ones on request. */
export const insumos = declareList({
  url: '/v1/insumos',
  scope: 'insumos:ler',
  summary: 'Insumos, com saldo total e custos, em ordem de atualização',
  filters: {
    atualizado_desde: param.instant.optional(),
    sku: param.text.optional(),
    ativo: param.boolean.optional(),
    familia: param.text.optional(),
    incluir_excluidos: param.boolean.optional(),
  },
  item: insumoSchema,
  example: insumoExample,
});

/** GET /v1/insumos/{id}: also a deleted supply item; no stabilisation window. */
export const insumo = declareRoute({
  method: 'GET',
  url: '/v1/insumos/:id',
  scope: 'insumos:ler',
  summary: 'Um insumo, também excluído',
  params: z.object({ id: param.uuid }),
  response: insumoSchema,
  examples: { response: insumoExample },
});

/** GET /v1/fornecedores: suppliers by (atualizado_em, id), stabilised; deleted ones on request. */
export const fornecedores = declareList({
  url: '/v1/fornecedores',
  scope: 'fornecedores:ler',
  summary: 'Fornecedores, em ordem de atualização',
  filters: {
    atualizado_desde: param.instant.optional(),
    ativo: param.boolean.optional(),
    cnpj: param.text.optional(),
    incluir_excluidos: param.boolean.optional(),
  },
  item: fornecedorSchema,
  example: fornecedorExample,
});

/** GET /v1/fornecedores/{id}: also a deleted supplier; no stabilisation window. */
export const fornecedor = declareRoute({
  method: 'GET',
  url: '/v1/fornecedores/:id',
  scope: 'fornecedores:ler',
  summary: 'Um fornecedor, também excluído',
  params: z.object({ id: param.uuid }),
  response: fornecedorSchema,
  examples: { response: fornecedorExample },
});

/** GET /v1/fichas: the active bill of each product, by (version creation, version id), stabilised. */
export const fichas = declareList({
  url: '/v1/fichas',
  scope: 'fichas:ler',
  summary: 'Fichas técnicas ativas, em ordem de criação da versão',
  filters: {
    atualizado_desde: param.instant.optional(),
    produto_id: param.uuid.optional(),
  },
  item: fichaSchema,
  example: fichaExample,
});

/** GET /v1/fichas/{produto_id}: the product's active bill; 404 without one. No stabilisation window. */
export const ficha = declareRoute({
  method: 'GET',
  url: '/v1/fichas/:produto_id',
  scope: 'fichas:ler',
  summary: 'A ficha técnica ativa de um produto',
  params: z.object({ produto_id: param.uuid }),
  response: fichaSchema,
  examples: { response: fichaExample },
});
