import { formatInstant, instantFilterUtc, keysetField, param } from '@factory/http';
import { listBalances } from '@factory/read-models';
import { z } from 'zod';
import { defineListRoute, type ListDeps } from '../list-route.js';

const saldo = z.object({
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  saldo: z.number(),
  unidade: z.string(),
  custo_medio: z.number().nullable(),
  valor: z.number().nullable(),
  atualizado_em: z.string(),
});

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
    item: saldo,
    keyset: z.tuple([keysetField.instant, keysetField.uuid, keysetField.uuid]),
    keysetOf: (row) => [row.atualizado_em, row.insumo_id, row.local_id],
    read: listBalances,
    readFilters: (filters) => ({
      atualizadoDesde: filters.atualizado_desde && instantFilterUtc(filters.atualizado_desde),
      insumoId: filters.insumo_id,
      localId: filters.local_id,
    }),
    present: (row, costs) => ({
      insumo_id: row.insumo_id,
      local_id: row.local_id,
      saldo: row.saldo,
      unidade: row.unidade,
      custo_medio: costs ? row.custo_medio : null,
      valor: costs ? row.valor : null,
      atualizado_em: formatInstant(new Date(row.atualizado_em)),
    }),
  });
