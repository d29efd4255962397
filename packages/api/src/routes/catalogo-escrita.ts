import { SKU_PATTERN, UFS } from '@factory/domain';
import { declareRoute, param } from '@factory/http';
import { z } from 'zod';
import { instant } from '../resources/answer-fields.js';
import { oneOfText, uuidText } from '../resources/decided-fields.js';
import { fichaExample } from '../resources/examples.js';
import { fichaSchema } from '../resources/ficha.js';
import { loteBody, loteResponse, optionalNumber, optionalText } from '../resources/lote.js';

/** A product item as documented; the product decider checks every value and names the field. */
export const produtoItemSchema = z.strictObject({
  sku: z.string().regex(SKU_PATTERN),
  nome: z.string().optional(),
  familia: optionalText,
  atributos: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  ean: optionalText,
  ncm: optionalText,
  status: z.enum(['ativo', 'inativo']).optional(),
  tipo: z.enum(['produto', 'kit']).optional(),
  apelidos: z.array(z.string()).optional(),
  peso_kg: optionalNumber,
  peso_cubado_kg: optionalNumber,
  largura_cm: optionalNumber,
  altura_cm: optionalNumber,
  comprimento_cm: optionalNumber,
  ipi_pct: optionalNumber,
  icms_pct: optionalNumber,
  importado: z.boolean().optional(),
  custo_manual: optionalNumber,
  variacao: z
    .strictObject({ base_sku: z.string(), eixos: z.array(z.string()) })
    .nullable()
    .optional(),
});

/** POST /v1/produtos/lote: upserts up to 100 products by SKU, item by item. */
export const produtosLote = declareRoute({
  method: 'POST',
  url: '/v1/produtos/lote',
  scope: 'produtos:escrever',
  summary: 'Cria ou atualiza até 100 produtos, casados pelo sku',
  body: loteBody(produtoItemSchema),
  response: loteResponse,
  examples: {
    body: {
      itens: [
        { sku: 'CAM-AZ-M', nome: 'Camiseta azul M', familia: 'camisetas', ean: '7891000315507' },
        { sku: 'CAM-AZ-G', nome: 'Camiseta azul G', familia: 'camisetas', ean: '123' },
      ],
    },
    response: {
      resultados: [
        { indice: 0, sku: 'CAM-AZ-M', ok: true, id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', erro: null },
        {
          indice: 1,
          sku: 'CAM-AZ-G',
          ok: false,
          id: null,
          erro: 'ean: deve ser um GTIN-8, 12, 13 ou 14 com dígito verificador válido',
        },
      ],
    },
  },
});

/** A supply item as documented; the supply item decider checks every value and names the field. */
export const insumoItemSchema = z.strictObject({
  sku: z.string().regex(SKU_PATTERN),
  nome: z.string().optional(),
  familia: optionalText,
  ativo: z.boolean().optional(),
  unidade_compra: z.string().optional(),
  unidade_consumo: z.string().optional(),
  fator_conversao: z.number().optional(),
  ncm: optionalText,
  minimo: optionalNumber,
  lead_time_dias: z.number().int().nullable().optional(),
  fornecedor_padrao_id: z.uuid().nullable().optional(),
  custo_referencia: optionalNumber,
});

/** POST /v1/insumos/lote: upserts up to 100 supply items by SKU, item by item. */
export const insumosLote = declareRoute({
  method: 'POST',
  url: '/v1/insumos/lote',
  scope: 'insumos:escrever',
  summary: 'Cria ou atualiza até 100 insumos, casados pelo sku',
  body: loteBody(insumoItemSchema),
  examples: {
    body: {
      itens: [
        {
          sku: 'TEC-MAL-AZ',
          nome: 'Tecido malha azul',
          unidade_compra: 'kg',
          unidade_consumo: 'm',
          fator_conversao: 3.2,
          custo_referencia: 38.5,
        },
      ],
    },
    response: {
      resultados: [
        { indice: 0, sku: 'TEC-MAL-AZ', ok: true, id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f', erro: null },
      ],
    },
  },
  response: loteResponse,
});

/** A supplier item as documented; `contato_*` and `email_xml` are write-only. */
export const fornecedorItemSchema = z.strictObject({
  id: z.uuid().optional(),
  nome: z.string().optional(),
  cnpj: optionalText,
  regime: z.enum(['simples', 'normal']).nullable().optional(),
  uf: oneOfText(UFS).nullable().optional(),
  lead_time_dias: z.number().int().nullable().optional(),
  condicao_pagamento: z.array(z.number().int()).nullable().optional(),
  ativo: z.boolean().optional(),
  contato_nome: optionalText,
  contato_telefone: optionalText,
  email_xml: optionalText,
});

/** POST /v1/fornecedores/lote: upserts up to 100 suppliers, item by item. */
export const fornecedoresLote = declareRoute({
  method: 'POST',
  url: '/v1/fornecedores/lote',
  scope: 'fornecedores:escrever',
  summary: 'Cria ou atualiza até 100 fornecedores, casados pelo id, senão pelo cnpj',
  body: loteBody(fornecedorItemSchema),
  examples: {
    body: {
      itens: [
        {
          nome: 'Malharia Sul Ltda',
          cnpj: '11.222.333/0001-81',
          regime: 'normal',
          uf: 'SC',
          lead_time_dias: 12,
          condicao_pagamento: [30, 60],
        },
      ],
    },
    response: {
      resultados: [
        { indice: 0, sku: null, ok: true, id: '0d1c2b3a-4f5e-4d6c-8b7a-9f8e7d6c5b4a', erro: null },
      ],
    },
  },
  response: loteResponse,
});

// Types and presence only; the decider checks values (tipo, ids, consumo > 0, units, loss,
// cycles) and names the line's field at fault.
const linhaSchema = z.strictObject({
  tipo: oneOfText(['insumo', 'produto']),
  insumo_id: uuidText().nullish(),
  componente_id: uuidText().nullish(),
  consumo: z.number(),
  unidade: z.string().nullish(),
  perda_pct: z.number().nullish(),
});

const substituirFichaBody = z.strictObject({ linhas: z.array(linhaSchema) });

/** PUT /v1/fichas/{produto_id}: the lines become the next version, active. */
export const substituirFicha = declareRoute({
  method: 'PUT',
  url: '/v1/fichas/:produto_id',
  scope: 'fichas:escrever',
  summary: 'Substitui a ficha técnica do produto: cria a próxima versão, ativa',
  params: z.object({ produto_id: param.uuid }),
  body: substituirFichaBody,
  examples: {
    body: {
      linhas: [
        {
          tipo: 'insumo',
          insumo_id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f',
          componente_id: null,
          consumo: 1.2,
          unidade: 'm',
          perda_pct: 5,
        },
      ],
    },
    response: fichaExample,
  },
  response: fichaSchema,
});

const desativadaSchema = z.object({
  produto_id: z.uuid(),
  versao: z.number().int(),
  ativa: z.literal(false),
});

/** DELETE /v1/fichas/{produto_id}: the product no longer has an active bill; 404 when it had none. */
export const desativarFicha = declareRoute({
  method: 'DELETE',
  url: '/v1/fichas/:produto_id',
  scope: 'fichas:escrever',
  summary: 'Desativa a ficha técnica ativa do produto',
  params: z.object({ produto_id: param.uuid }),
  response: desativadaSchema,
  examples: { response: { produto_id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', versao: 3, ativa: false } },
});

export const exclusaoSchema = z.object({ id: z.uuid(), excluido_em: instant() });

/**
 * `DELETE /v1/<cadastro>/{id}`: 200 `{id, excluido_em}`; deleting again answers the same,
 * with nothing appended and no `X-Posicao-Log`. Unknown, another company's or not a uuid: 404.
 * In use by another product's active bill: 409 naming the bill.
 */
const declareExclusao = (route: { url: string; scope: string; summary: string }) =>
  declareRoute({
    method: 'DELETE',
    url: route.url,
    scope: route.scope,
    summary: route.summary,
    params: z.object({ id: param.uuid }),
    response: exclusaoSchema,
    examples: {
      response: { id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', excluido_em: '2026-03-10T11:20:00.000-03:00' },
    },
  });

/** DELETE /v1/produtos/{id}: its own active bill is deactivated with it. */
export const excluirProduto = declareExclusao({
  url: '/v1/produtos/:id',
  scope: 'produtos:escrever',
  summary: 'Exclui um produto (409 se a ficha ativa de outro produto o usa)',
});

/** DELETE /v1/insumos/{id}. */
export const excluirInsumo = declareExclusao({
  url: '/v1/insumos/:id',
  scope: 'insumos:escrever',
  summary: 'Exclui um insumo (409 se uma ficha ativa o usa)',
});

/** DELETE /v1/fornecedores/{id}: supply items naming it as default supplier keep the id. */
export const excluirFornecedor = declareExclusao({
  url: '/v1/fornecedores/:id',
  scope: 'fornecedores:escrever',
  summary: 'Exclui um fornecedor',
});
