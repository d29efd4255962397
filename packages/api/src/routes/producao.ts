import { declareRoute, param } from '@factory/http';
import { z } from 'zod';
import { apontamentoSchema } from '../resources/apontamento.js';
import { diaParam } from '../resources/dia-param.js';
import { apontamentoExample, planoExample } from '../resources/examples.js';
import { planoSchema } from '../resources/plano.js';
import { declareList } from './list-declaration.js';

/**
 * GET /v1/producao/plano: the plan of a production day (today's by the company's zone and turn
 * hour, by default) with its needs against the current balances. One resource: no window.
 */
export const producaoPlano = declareRoute({
  method: 'GET',
  url: '/v1/producao/plano',
  scope: 'producao:ler',
  summary: 'O plano de um dia de produção e suas necessidades de insumos por local',
  query: z.object({ dia: diaParam.optional() }),
  response: planoSchema,
  examples: { response: planoExample },
});

/** GET /v1/producao/apontamentos: production records, by (atualizado_em, id). */
export const producaoApontamentos = declareList({
  url: '/v1/producao/apontamentos',
  scope: 'producao:ler',
  summary: 'Apontamentos de produção, em ordem de atualização',
  filters: {
    atualizado_desde: param.instant.optional(),
    dia: diaParam.optional(),
    produto_id: param.uuid.optional(),
  },
  item: apontamentoSchema,
  example: apontamentoExample,
});

/** GET /v1/producao/apontamentos/{id}: one production record; no stabilisation window. */
export const producaoApontamento = declareRoute({
  method: 'GET',
  url: '/v1/producao/apontamentos/:id',
  scope: 'producao:ler',
  summary: 'Um apontamento de produção',
  params: z.object({ id: param.uuid }),
  response: apontamentoSchema,
  examples: { response: apontamentoExample },
});
