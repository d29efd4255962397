import { producaoApontamentos, toApontamento } from '@factory/api';
import { instantFilterUtc } from '@factory/http';
import { listRecords } from '@factory/read-models';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/producao/apontamentos: production records, by (atualizado_em, id). */
export const producaoApontamentosRoute = (deps: ListDeps) =>
  defineListRoute(deps, producaoApontamentos, {
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
