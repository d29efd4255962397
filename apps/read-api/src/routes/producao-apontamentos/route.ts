import { apontamentoExample, apontamentoSchema, instantFilterUtc, param, toApontamento } from '@factory/http';
import { listRecords } from '@factory/read-models';
import { diaParam } from '../dia-param.js';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/producao/apontamentos: production records, by (atualizado_em, id). */
export const producaoApontamentosRoute = (deps: ListDeps) =>
  defineListRoute(deps, {
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
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.id],
    read: listRecords,
    readFilters: (filters) => ({
      atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
      dia: filters.dia,
      produtoId: filters.produto_id,
    }),
    present: (row) => toApontamento(row),
  });
