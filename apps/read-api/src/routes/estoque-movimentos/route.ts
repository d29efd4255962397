import { TIPOS_MOVIMENTO } from '@factory/domain';
import { instantFilterUtc, movimentoExample, movimentoSchema, param, presentMovimento } from '@factory/http';
import { listMovements } from '@factory/read-models';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/estoque/movimentos: the stock ledger, by (criado_em, id). */
export const estoqueMovimentosRoute = (deps: ListDeps) =>
  defineListRoute(deps, {
    url: '/v1/estoque/movimentos',
    scope: 'estoque:ler',
    summary: 'Movimentos de estoque, em ordem de criação',
    filters: {
      desde: param.instant.optional(),
      insumo_id: param.uuid.optional(),
      local_id: param.uuid.optional(),
      tipo: param.oneOf(TIPOS_MOVIMENTO).optional(),
    },
    item: movimentoSchema,
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
    example: movimentoExample,
  });
