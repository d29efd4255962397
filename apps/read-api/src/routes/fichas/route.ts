import { fichaExample, fichaSchema, instantFilterUtc, param, presentFicha } from '@factory/http';
import { listBills } from '@factory/read-models';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/fichas: the active bill of each product, by (version creation, version id), stabilised. */
export const fichasRoute = (deps: ListDeps) =>
  defineListRoute(deps, {
    url: '/v1/fichas',
    scope: 'fichas:ler',
    summary: 'Fichas técnicas ativas, em ordem de criação da versão',
    filters: {
      atualizado_desde: param.instant.optional(),
      produto_id: param.uuid.optional(),
    },
    item: fichaSchema,
    example: fichaExample,
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.versao_id],
    read: listBills,
    readFilters: (filters) => ({
      atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
      produtoId: filters.produto_id,
    }),
    present: (row) => presentFicha(row),
  });
