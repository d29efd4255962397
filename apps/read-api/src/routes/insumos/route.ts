import { insumoExample, insumoSchema, param, presentInsumo } from '@factory/http';
import { listSupplyItems } from '@factory/read-models';
import { catalogFilters } from '../catalog-filters.js';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/insumos: supply items by (atualizado_em, id), stabilised; deleted ones on request. */
export const insumosRoute = (deps: ListDeps) =>
  defineListRoute(deps, {
    url: '/v1/insumos',
    scope: 'insumos:ler',
    summary: 'Insumos, com saldo total e custos, em ordem de atualização',
    filters: {
      atualizado_desde: param.instant.optional(),
      sku: param.text.optional(),
      ativo: param.boolean.optional(),
      familia: param.text.optional(),
      incluir_excluidos: param.boolean.optional(),
    },
    item: insumoSchema,
    example: insumoExample,
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.id],
    read: listSupplyItems,
    readFilters: catalogFilters,
    present: (row) => presentInsumo(row),
  });
