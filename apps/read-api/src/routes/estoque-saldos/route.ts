import {
  canSeeCosts,
  defineRoute,
  formatInstant,
  instantFilterUtc,
  keysetField,
  keysetPage,
  param,
} from '@factory/http';
import { type BalanceKeyset, type BalanceListRow, listBalances } from '@factory/read-models';
import { z } from 'zod';
import type { ListDeps } from '../estoque-listas/list-deps.js';

const saldo = z.object({
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  saldo: z.number(),
  unidade: z.string(),
  custo_medio: z.number().nullable(),
  valor: z.number().nullable(),
  atualizado_em: z.string(),
});

const KEYSET = z.tuple([keysetField.instant, keysetField.uuid, keysetField.uuid]) as z.ZodType<BalanceKeyset>;

/** GET /v1/estoque/saldos: one row per item and location that ever moved, by (atualizado_em, insumo, local). */
export const estoqueSaldosRoute = (deps: ListDeps) =>
  defineRoute({
    method: 'GET',
    url: '/v1/estoque/saldos',
    scope: 'estoque:ler',
    summary: 'Saldos de estoque por insumo e local, em ordem de atualização',
    query: z.object({
      limite: param.limite,
      cursor: param.cursor.optional(),
      atualizado_desde: param.instant.optional(),
      insumo_id: param.uuid.optional(),
      local_id: param.uuid.optional(),
    }),
    response: z.object({ dados: z.array(saldo), proximo_cursor: z.string().nullable() }),
    handler: async ({ query, auth, request }) => {
      const costs = canSeeCosts(auth);
      const filters = {
        atualizadoDesde: query.atualizado_desde && instantFilterUtc(query.atualizado_desde),
        insumoId: query.insumo_id,
        localId: query.local_id,
      };
      return keysetPage({
        cursors: request.server.cursors,
        list: 'estoque/saldos',
        filters: {
          atualizado_desde: query.atualizado_desde,
          insumo_id: query.insumo_id,
          local_id: query.local_id,
        },
        limite: query.limite,
        cursor: query.cursor,
        keyset: KEYSET,
        fetch: (after, limit) =>
          listBalances(deps.pool, {
            empresaId: auth.empresa.id,
            filters,
            window: { now: deps.clock(), windowSeconds: deps.windowSeconds },
            after,
            limit,
          }),
        keysetOf: (row: BalanceListRow): BalanceKeyset => [row.atualizado_em, row.insumo_id, row.local_id],
        present: (row: BalanceListRow) => ({
          insumo_id: row.insumo_id,
          local_id: row.local_id,
          saldo: row.saldo,
          unidade: row.unidade,
          custo_medio: costs ? row.custo_medio : null,
          valor: costs ? row.valor : null,
          atualizado_em: formatInstant(new Date(row.atualizado_em)),
        }),
      });
    },
  });
