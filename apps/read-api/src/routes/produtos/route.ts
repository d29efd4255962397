import { param, presentProduto, produtoExample, produtoSchema } from '@factory/http';
import { listProducts } from '@factory/read-models';
import { catalogFilters } from '../catalog-filters.js';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/produtos: products and kits by (atualizado_em, id), stabilised; deleted ones on request. */
export const produtosRoute = (deps: ListDeps) =>
  defineListRoute(deps, {
    url: '/v1/produtos',
    scope: 'produtos:ler',
    summary: 'Produtos e kits, em ordem de atualização',
    filters: {
      atualizado_desde: param.instant.optional(),
      sku: param.text.optional(),
      status: param.oneOf(['ativo', 'inativo']).optional(),
      familia: param.text.optional(),
      tipo: param.oneOf(['produto', 'kit']).optional(),
      incluir_excluidos: param.boolean.optional(),
    },
    item: produtoSchema,
    example: produtoExample,
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.id],
    read: listProducts,
    readFilters: catalogFilters,
    present: (row) => presentProduto(row),
  });
