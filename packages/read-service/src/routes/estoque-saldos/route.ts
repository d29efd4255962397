import { estoqueSaldos, presentSaldo } from '@factory/api';
import { instantFilterUtc, keysetField } from '@factory/http';
import { listBalances } from '@factory/read-models';
import { z } from 'zod';
import { defineListRoute, type ListDeps } from '../list-route.js';

/** GET /v1/estoque/saldos: one row per item and location that ever moved, by (atualizado_em, insumo, local). */
export const estoqueSaldosRoute = (deps: ListDeps) =>
  defineListRoute(deps, estoqueSaldos, {
    keyset: z.tuple([keysetField.instant, keysetField.uuid, keysetField.uuid]),
    keysetOf: (row) => [row.atualizado_em, row.insumo_id, row.local_id],
    read: listBalances,
    readFilters: (filters) => ({
      atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
      insumoId: filters.insumo_id,
      localId: filters.local_id,
    }),
    present: (row) => presentSaldo(row),
  });
