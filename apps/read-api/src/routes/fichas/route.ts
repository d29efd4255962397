import {
  canSeeCosts,
  defineRoute,
  fichaSchema,
  instantFilterUtc,
  keysetField,
  keysetPage,
  param,
} from '@factory/http';
import { type BillRow, type CatalogKeyset, listBills } from '@factory/read-models';
import { z } from 'zod';
import type { ListDeps } from '../estoque-listas/list-deps.js';
import { presentFicha } from './ficha.js';

const KEYSET = z.tuple([keysetField.instant, keysetField.uuid]) as z.ZodType<CatalogKeyset>;

/** GET /v1/fichas: the active bill of each product, by (version creation, version id), stabilised. */
export const fichasRoute = (deps: ListDeps) =>
  defineRoute({
    method: 'GET',
    url: '/v1/fichas',
    scope: 'fichas:ler',
    summary: 'Fichas técnicas ativas, em ordem de criação da versão',
    query: z.object({
      limite: param.limite,
      cursor: param.cursor.optional(),
      atualizado_desde: param.instant.optional(),
      produto_id: param.uuid.optional(),
    }),
    response: z.object({ dados: z.array(fichaSchema), proximo_cursor: z.string().nullable() }),
    handler: async ({ query, auth, request }) => {
      const costs = canSeeCosts(auth);
      const { limite: _limite, cursor, ...shape } = query;
      const filters = {
        atualizadoDesde: query.atualizado_desde && instantFilterUtc(query.atualizado_desde),
        produtoId: query.produto_id,
      };
      return keysetPage({
        cursors: request.server.cursors,
        list: 'fichas',
        filters: shape,
        limite: query.limite,
        cursor,
        keyset: KEYSET,
        fetch: (after, limit) =>
          listBills(deps.pool, {
            empresaId: auth.empresa.id,
            filters,
            window: { now: deps.clock(), windowSeconds: deps.windowSeconds },
            after,
            limit,
          }),
        keysetOf: (row: BillRow): CatalogKeyset => [row.atualizado_em, row.versao_id],
        present: (row: BillRow) => presentFicha(row, costs),
      });
    },
  });
