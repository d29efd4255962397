import { notas, presentNota } from '@factory/api';
import { instantFilterUtc } from '@factory/http';
import { listNotas } from '@factory/read-models';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/notas: received invoices, by (atualizado_em, id). */
export const notasRoute = (deps: ListDeps) =>
  defineListRoute(deps, notas, {
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.id],
    read: listNotas,
    readFilters: (filters) => ({
      atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
      fornecedorId: filters.fornecedor_id,
      chave: filters.chave,
      situacao: filters.situacao,
    }),
    present: (row) => presentNota(row),
  });
