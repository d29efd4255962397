import { canSeeCosts, defineRoute, instantFilterUtc, keysetField, keysetPage, param } from '@factory/http';
import { type CatalogKeyset, listProducts, type ProductRow } from '@factory/read-models';
import { z } from 'zod';
import type { ListDeps } from '../estoque-listas/list-deps.js';
import { presentProduto, produto } from './produto.js';

const KEYSET = z.tuple([keysetField.instant, keysetField.uuid]) as z.ZodType<CatalogKeyset>;

/** GET /v1/produtos: products and kits by (atualizado_em, id), stabilised; deleted ones on request. */
export const produtosRoute = (deps: ListDeps) =>
  defineRoute({
    method: 'GET',
    url: '/v1/produtos',
    scope: 'produtos:ler',
    summary: 'Produtos e kits, em ordem de atualização',
    query: z.object({
      limite: param.limite,
      cursor: param.cursor.optional(),
      atualizado_desde: param.instant.optional(),
      sku: param.text.optional(),
      status: param.oneOf(['ativo', 'inativo']).optional(),
      familia: param.text.optional(),
      tipo: param.oneOf(['produto', 'kit']).optional(),
      incluir_excluidos: param.boolean.optional(),
    }),
    response: z.object({ dados: z.array(produto), proximo_cursor: z.string().nullable() }),
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
        list: 'produtos',
        filters: shape,
        limite: query.limite,
        cursor,
        keyset: KEYSET,
        fetch: (after, limit) =>
          listProducts(deps.pool, {
            empresaId: auth.empresa.id,
            filters,
            window: { now: deps.clock(), windowSeconds: deps.windowSeconds },
            after,
            limit,
          }),
        keysetOf: (row: ProductRow): CatalogKeyset => [row.atualizado_em, row.id],
        present: (row: ProductRow) => presentProduto(row, costs),
      });
    },
  });
