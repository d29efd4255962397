import { TIPOS_MOVIMENTO } from '@factory/domain';
import {
  canSeeCosts,
  defineRoute,
  formatInstant,
  instantFilterUtc,
  keysetField,
  keysetPage,
  type Movimento,
  movimentoSchema,
  param,
} from '@factory/http';
import { listMovements, type MovementKeyset, type MovementListRow } from '@factory/read-models';
import { z } from 'zod';
import type { ListDeps } from '../estoque-listas/list-deps.js';

const KEYSET = z.tuple([keysetField.instant, keysetField.uuid]) as z.ZodType<MovementKeyset>;

/** GET /v1/estoque/movimentos: the stock ledger, by (criado_em, id). */
export const estoqueMovimentosRoute = (deps: ListDeps) =>
  defineRoute({
    method: 'GET',
    url: '/v1/estoque/movimentos',
    scope: 'estoque:ler',
    summary: 'Movimentos de estoque, em ordem de criação',
    query: z.object({
      limite: param.limite,
      cursor: param.cursor.optional(),
      desde: param.instant.optional(),
      insumo_id: param.uuid.optional(),
      local_id: param.uuid.optional(),
      tipo: param.oneOf(TIPOS_MOVIMENTO).optional(),
    }),
    response: z.object({ dados: z.array(movimentoSchema), proximo_cursor: z.string().nullable() }),
    handler: async ({ query, auth, request }) => {
      const costs = canSeeCosts(auth);
      const filters = {
        desde: query.desde && instantFilterUtc(query.desde),
        insumoId: query.insumo_id,
        localId: query.local_id,
        tipo: query.tipo,
      };
      return keysetPage({
        cursors: request.server.cursors,
        list: 'estoque/movimentos',
        filters: {
          desde: query.desde,
          insumo_id: query.insumo_id,
          local_id: query.local_id,
          tipo: query.tipo,
        },
        limite: query.limite,
        cursor: query.cursor,
        keyset: KEYSET,
        fetch: (after, limit) =>
          listMovements(deps.pool, {
            empresaId: auth.empresa.id,
            filters,
            window: { now: deps.clock(), windowSeconds: deps.windowSeconds },
            after,
            limit,
          }),
        keysetOf: (row: MovementListRow): MovementKeyset => [row.criado_em, row.id],
        present: (row: MovementListRow) => ({
          id: row.id,
          insumo_id: row.insumo_id,
          local_id: row.local_id,
          tipo: row.tipo as Movimento['tipo'],
          quantidade: row.quantidade,
          unidade: row.unidade,
          custo_unitario: costs ? row.custo_unitario : null,
          referencia: row.referencia,
          motivo: row.motivo,
          origem: row.origem as Movimento['origem'],
          criado_em: formatInstant(new Date(row.criado_em)),
        }),
      });
    },
  });
