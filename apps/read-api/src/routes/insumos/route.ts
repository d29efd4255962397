import { canSeeCosts, defineRoute, instantFilterUtc, keysetField, keysetPage, param } from '@factory/http';
import { type CatalogKeyset, listSupplyItems, type SupplyItemRow } from '@factory/read-models';
import { z } from 'zod';
import type { ListDeps } from '../estoque-listas/list-deps.js';
import { insumo, presentInsumo } from './insumo.js';

const KEYSET = z.tuple([keysetField.instant, keysetField.uuid]) as z.ZodType<CatalogKeyset>;

/** GET /v1/insumos: supply items by (atualizado_em, id), stabilised; deleted ones on request. */
export const insumosRoute = (deps: ListDeps) =>
  defineRoute({
    method: 'GET',
    url: '/v1/insumos',
    scope: 'insumos:ler',
    summary: 'Insumos, com saldo total e custos, em ordem de atualização',
    query: z.object({
      limite: param.limite,
      cursor: param.cursor.optional(),
      atualizado_desde: param.instant.optional(),
      sku: param.text.optional(),
      ativo: param.boolean.optional(),
      familia: param.text.optional(),
      incluir_excluidos: param.boolean.optional(),
    }),
    response: z.object({ dados: z.array(insumo), proximo_cursor: z.string().nullable() }),
    handler: async ({ query, auth, request }) => {
      const costs = canSeeCosts(auth);
      const { limite: _limite, cursor, ...shape } = query;
      const filters = {
        ...shape,
        atualizadoDesde: query.atualizado_desde && instantFilterUtc(query.atualizado_desde),
        incluirExcluidos: query.incluir_excluidos ?? false,
      };
      return keysetPage({
        cursors: request.server.cursors,
        list: 'insumos',
        filters: shape,
        limite: query.limite,
        cursor,
        keyset: KEYSET,
        fetch: (after, limit) =>
          listSupplyItems(deps.pool, {
            empresaId: auth.empresa.id,
            filters,
            window: { now: deps.clock(), windowSeconds: deps.windowSeconds },
            after,
            limit,
          }),
        keysetOf: (row: SupplyItemRow): CatalogKeyset => [row.atualizado_em, row.id],
        present: (row: SupplyItemRow) => presentInsumo(row, costs),
      });
    },
  });
