import { estoqueMovimentos, presentMovimento } from '@factory/api';
import { instantFilterUtc } from '@factory/http';
import { listMovements } from '@factory/read-models';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/estoque/movimentos: the stock ledger, by (criado_em, id). */
export const estoqueMovimentosRoute = (deps: ListDeps) =>
  defineListRoute(deps, estoqueMovimentos, {
    keyset: instantThenUuid,
    keysetOf: (row) => [row.criado_em, row.id],
    read: listMovements,
    readFilters: (filters) => ({
      desde: filters.desde && instantFilterUtc(filters.desde),
      insumoId: filters.insumo_id,
      localId: filters.local_id,
      tipo: filters.tipo,
    }),
    present: (row) => presentMovimento(row),
  });
