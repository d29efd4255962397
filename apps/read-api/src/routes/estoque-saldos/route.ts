import { instantFilterUtc, keysetField, param, presentSaldo, saldoSchema } from '@factory/http';
import { listBalances } from '@factory/read-models';
import { z } from 'zod';
import { defineListRoute, type ListDeps } from '../list-route.js';

/** GET /v1/estoque/saldos: one row per item and location that ever moved, by (atualizado_em, insumo, local). */
export const estoqueSaldosRoute = (deps: ListDeps) =>
  defineListRoute(deps, {
    url: '/v1/estoque/saldos',
    scope: 'estoque:ler',
    summary: 'Saldos de estoque por insumo e local, em ordem de atualização',
    filters: {
      atualizado_desde: param.instant.optional(),
      insumo_id: param.uuid.optional(),
      local_id: param.uuid.optional(),
    },
    item: saldoSchema,
    keyset: z.tuple([keysetField.instant, keysetField.uuid, keysetField.uuid]),
    keysetOf: (row) => [row.atualizado_em, row.insumo_id, row.local_id],
    read: listBalances,
    readFilters: (filters) => ({
      atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
      insumoId: filters.insumo_id,
      localId: filters.local_id,
    }),
    present: (row) => presentSaldo(row),
    example: {
      insumo_id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f',
      local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      saldo: 96.4,
      unidade: 'm',
      custo_medio: 4.35,
      valor: 419.34,
      atualizado_em: '2026-03-10T16:40:12.000-03:00',
    },
  });
