import type { z } from 'zod';
import type { apontamentoSchema } from './apontamento.js';
import type { fichaSchema } from './ficha.js';
import type { fornecedorSchema } from './fornecedor.js';
import type { insumoSchema } from './insumo.js';
import type { movimentoSchema } from './movimento.js';
import type { planoSchema } from './plano.js';
import type { produtoSchema } from './produto.js';

// One example per resource for /v1/openapi.json, shared by its list, by-id and write routes;
// the OpenAPI tests parse every route's examples with its own schemas.

const INSUMO_ID = '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f';
const FORNECEDOR_ID = '0d1c2b3a-4f5e-4d6c-8b7a-9f8e7d6c5b4a';

export const fornecedorExample: z.input<typeof fornecedorSchema> = {
  id: FORNECEDOR_ID,
  nome: 'Malharia Sul Ltda',
  cnpj: '11222333000181',
  regime: 'normal',
  uf: 'SC',
  lead_time_dias: 12,
  condicao_pagamento: [30, 60],
  ativo: true,
  criado_em: '2026-02-02T10:00:00.000-03:00',
  atualizado_em: '2026-03-01T08:30:00.000-03:00',
  excluido_em: null,
};

export const insumoExample: z.input<typeof insumoSchema> = {
  id: INSUMO_ID,
  sku: 'TEC-MAL-AZ',
  nome: 'Tecido malha azul',
  familia: 'tecidos',
  ativo: true,
  unidade_compra: 'kg',
  unidade_consumo: 'm',
  fator_conversao: 3.2,
  ncm: '60063200',
  minimo: 200,
  lead_time_dias: 12,
  fornecedor_padrao_id: FORNECEDOR_ID,
  saldo: 96.4,
  custo_medio: 4.35,
  custo_medio_bruto: 4.35,
  custo_referencia: 38.5,
  criado_em: '2026-02-02T10:05:00.000-03:00',
  atualizado_em: '2026-03-10T16:40:12.000-03:00',
  excluido_em: null,
};

export const fichaExample: z.input<typeof fichaSchema> = {
  produto_id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
  versao: 3,
  ativa: true,
  atualizado_em: '2026-03-05T09:00:00.000-03:00',
  linhas: [
    {
      id: '7c6b5a4f-3e2d-4c1b-8a9f-8e7d6c5b4a3f',
      tipo: 'insumo',
      insumo_id: INSUMO_ID,
      componente_id: null,
      consumo: 1.2,
      unidade: 'm',
      perda_pct: 5,
    },
  ],
  custo: 5.481,
};

const PRODUTO_ID = '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const LOCAL_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

export const apontamentoExample: z.input<typeof apontamentoSchema> = {
  id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  produto_id: PRODUTO_ID,
  quantidade: 48,
  local_id: LOCAL_ID,
  dia: '2026-03-10',
  referencia: 'OP 1187',
  motivo: null,
  estado: 'registrado',
  custo: 1002.24,
  movimentos: ['8f7e6d5c-4b3a-4291-8d7c-6b5a4f3e2d1c'],
  criado_em: '2026-03-10T14:05:00.000-03:00',
  atualizado_em: '2026-03-10T14:05:00.000-03:00',
};

export const planoExample: z.input<typeof planoSchema> = {
  dia: '2026-03-11',
  versao: 2,
  itens: [{ produto_id: PRODUTO_ID, quantidade: 120, local_id: LOCAL_ID }],
  necessidades: [
    {
      insumo_id: INSUMO_ID,
      local_id: LOCAL_ID,
      quantidade: 151.2,
      unidade: 'm',
      saldo: 96.4,
      falta: 54.8,
      custo: 657.72,
    },
  ],
  atualizado_em: '2026-03-10T17:45:00.000-03:00',
};

export const produtoExample: z.input<typeof produtoSchema> = {
  id: PRODUTO_ID,
  sku: 'CAM-AZ-M',
  nome: 'Camiseta azul M',
  familia: 'camisetas',
  atributos: { cor: 'azul', tamanho: 'M' },
  ean: '7891000315507',
  ncm: '61091000',
  status: 'ativo',
  tipo: 'produto',
  apelidos: ['ML-CAM-AZ-M'],
  tem_ficha: true,
  peso_kg: 0.18,
  peso_cubado_kg: 0.25,
  largura_cm: 25,
  altura_cm: 3,
  comprimento_cm: 30,
  ipi_pct: 0,
  icms_pct: 17,
  importado: false,
  variacao: { grupo_id: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f', base: false, eixos: ['cor', 'tamanho'] },
  custo_ficha: 5.48,
  custo_ficha_bruto: 5.22,
  custo_manual: null,
  criado_em: '2026-02-02T10:10:00.000-03:00',
  atualizado_em: '2026-03-05T09:00:00.000-03:00',
  excluido_em: null,
};

/** The body of a movement registration (POST /v1/estoque/movimentos). */
export const movimentoBodyExample = {
  insumo_id: INSUMO_ID,
  local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
  tipo: 'entrada_manual' as const,
  quantidade: 120,
  unidade: 'm',
  custo_unitario: 4.35,
  referencia: 'NF 4471',
  motivo: 'compra de tecido',
};

/** That movement as registered and as listed (GET /v1/estoque/movimentos). */
export const movimentoExample: z.input<typeof movimentoSchema> = {
  id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
  ...movimentoBodyExample,
  origem: 'api',
  criado_em: '2026-03-10T09:15:00.000-03:00',
};
