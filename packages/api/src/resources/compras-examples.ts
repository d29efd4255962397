import type { z } from 'zod';
import type { notaSchema } from './nota.js';
import type { pedidoCompraSchema } from './pedido-compra.js';
import type { previaRecebimentoSchema, recebimentoBodySchema } from './recebimento.js';
import type { vinculoFornecedorSchema } from './vinculo-fornecedor.js';

// The purchases resources' examples for /v1/openapi.json, one story: an order of 60 kg of the
// catalog examples' knit fabric from their supplier, half received with one NF-e. Ids are
// those of examples.ts where they name the same things.

const FORNECEDOR_ID = '0d1c2b3a-4f5e-4d6c-8b7a-9f8e7d6c5b4a';
const INSUMO_ID = '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f';
const LOCAL_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const PEDIDO_ID = '2c4e6a8b-1d3f-4a5c-9e7b-0a2c4e6a8b1d';
/** A valid access key (check digit included) of the supplier's CNPJ. */
const CHAVE = '42260311222333000181550010000045211123456781';

export const pedidoCompraExample: z.input<typeof pedidoCompraSchema> = {
  id: PEDIDO_ID,
  numero: 17,
  fornecedor_id: FORNECEDOR_ID,
  local_id: LOCAL_ID,
  situacao: 'parcial',
  previsto_para: '2026-03-12',
  condicao_pagamento: [30, 60],
  observacao: 'entregar pela manhã',
  itens: [
    {
      id: '7b9d1f3a-5c7e-4b2d-8f0a-3c5e7b9d1f3a',
      insumo_id: INSUMO_ID,
      quantidade: 60,
      unidade: 'kg',
      preco_unitario: 38.5,
      quantidade_recebida: 30,
    },
  ],
  valor_total: 2310,
  motivo_cancelamento: null,
  criado_em: '2026-02-28T09:15:00.000-03:00',
  atualizado_em: '2026-03-10T10:02:31.000-03:00',
};

export const pedidoCompraBodyExample = {
  fornecedor_id: FORNECEDOR_ID,
  local_id: LOCAL_ID,
  previsto_para: '2026-03-12',
  observacao: 'entregar pela manhã',
  itens: [{ insumo_id: INSUMO_ID, quantidade: 60, preco_unitario: 38.5 }],
};

const item = {
  n_item: 1,
  codigo: 'MAL-AZ-180',
  descricao: 'MALHA PV AZUL 180G',
  ncm: '60063200',
  cfop: '6101',
  unidade: 'KG',
  quantidade: 30,
};

export const notaExample: z.input<typeof notaSchema> = {
  id: '4e6a8c0b-2d4f-4b6a-8c0e-2b4d6f8a0c2e',
  chave: CHAVE,
  tipo: 'entrada',
  modelo: 55,
  serie: 1,
  numero: 4521,
  emitida_em: '2026-03-09T16:20:00.000-03:00',
  ambiente: 'producao',
  fornecedor_id: FORNECEDOR_ID,
  emitente_cnpj: '11222333000181',
  pedido_id: PEDIDO_ID,
  local_id: LOCAL_ID,
  situacao: 'recebida',
  valor_total: 1296.75,
  itens: [
    {
      ...item,
      insumo_id: INSUMO_ID,
      fator: 3.2,
      quantidade_consumo: 96,
      custo_unitario: 11.230417,
      custo_unitario_bruto: 13.507813,
      creditos: 218.63,
      movimento_id: '8f7e6d5c-4b3a-4291-8d7c-6b5a4f3e2d1c',
    },
  ],
  criado_em: '2026-03-10T10:02:31.000-03:00',
  atualizado_em: '2026-03-10T10:02:31.000-03:00',
};

export const recebimentoBodyExample: z.input<typeof recebimentoBodySchema> = {
  xml: '<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><NFe>…</NFe><protNFe versao="4.00">…</protNFe></nfeProc>',
  local_id: LOCAL_ID,
  pedido_id: PEDIDO_ID,
  vinculos: [{ n_item: 1, insumo_id: INSUMO_ID, fator: 3.2 }],
};

export const previaRecebimentoExample: z.input<typeof previaRecebimentoSchema> = {
  ...notaExample,
  id: null,
  itens: [
    {
      ...item,
      insumo_id: null,
      fator: null,
      quantidade_consumo: null,
      custo_unitario: null,
      custo_unitario_bruto: null,
      creditos: null,
      movimento_id: null,
      situacao_vinculo: 'sem_vinculo',
    },
  ],
};

export const vinculoFornecedorExample: z.input<typeof vinculoFornecedorSchema> = {
  fornecedor_id: FORNECEDOR_ID,
  codigo: 'MAL-AZ-180',
  insumo_id: INSUMO_ID,
  fator: 3.2,
  atualizado_em: '2026-03-10T10:02:31.000-03:00',
};
