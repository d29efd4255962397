import { TIPOS_MOVIMENTO } from '@factory/domain';
import { instantFilterUtc, movimentoSchema, param, presentMovimento } from '@factory/http';
import { listMovements } from '@factory/read-models';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

/** GET /v1/estoque/movimentos: the stock ledger, by (criado_em, id). */
export const estoqueMovimentosRoute = (deps: ListDeps) =>
  defineListRoute(deps, {
    url: '/v1/estoque/movimentos',
    scope: 'estoque:ler',
    summary: 'Movimentos de estoque, em ordem de criação',
    filters: {
      desde: param.instant.optional(),
      insumo_id: param.uuid.optional(),
      local_id: param.uuid.optional(),
      tipo: param.oneOf(TIPOS_MOVIMENTO).optional(),
    },
    item: movimentoSchema,
    keyset: instantThenUuid,
    keysetOf: (row) => [row.criado_em, row.id],
    read: listMovements,
    readFilters: (filters) => ({
      desde: filters.desde && instantFilterUtc(filters.desde),
      insumoId: filters.insumo_id,
      localId: filters.local_id,
      tipo: filters.tipo,
    }),
    present: (row) => presentMovimento(row),
    example: {
      id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
      insumo_id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f',
      local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      tipo: 'entrada_manual',
      quantidade: 120,
      unidade: 'm',
      custo_unitario: 4.35,
      referencia: 'NF 4471',
      motivo: 'compra de tecido',
      origem: 'api',
      criado_em: '2026-03-10T09:15:00.000-03:00',
    },
  });
