import { fichas, presentFicha } from '@factory/api';
import { instantFilterUtc } from '@factory/http';
import { listBills } from '@factory/read-models';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/fichas: the active bill of each product, by (version creation, version id), stabilised. */
export const fichasRoute = (deps: ListDeps) =>
  defineListRoute(deps, fichas, {
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.versao_id],
    read: listBills,
    readFilters: (filters) => ({
      atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
      produtoId: filters.produto_id,
    }),
    present: (row) => presentFicha(row),
  });
