import { defineRoute, instantFilterUtc, keysetField, keysetPage, param } from '@factory/http';
import { type CatalogKeyset, listSuppliers, type SupplierRow } from '@factory/read-models';
import { z } from 'zod';
import type { ListDeps } from '../estoque-listas/list-deps.js';
import { fornecedor, presentFornecedor } from './fornecedor.js';

const KEYSET = z.tuple([keysetField.instant, keysetField.uuid]) as z.ZodType<CatalogKeyset>;

/**
 * The `cnpj` filter ignores punctuation (anything but letters and digits) and matches only a
 * 14-digit CNPJ: anything else (an individual's 11-digit CPF included) finds nobody.
 */
export function cnpjFilter(value: string | undefined): { cnpj?: string; semCnpj?: boolean } {
  if (value === undefined) return {};
  const digits = value.replace(/[^\p{L}\p{N}]/gu, '');
  return /^\d{14}$/.test(digits) ? { cnpj: digits } : { semCnpj: true };
}

/** GET /v1/fornecedores: suppliers by (atualizado_em, id), stabilised; deleted ones on request. */
export const fornecedoresRoute = (deps: ListDeps) =>
  defineRoute({
    method: 'GET',
    url: '/v1/fornecedores',
    scope: 'fornecedores:ler',
    summary: 'Fornecedores, em ordem de atualização',
    query: z.object({
      limite: param.limite,
      cursor: param.cursor.optional(),
      atualizado_desde: param.instant.optional(),
      ativo: param.boolean.optional(),
      cnpj: param.text.optional(),
      incluir_excluidos: param.boolean.optional(),
    }),
    response: z.object({ dados: z.array(fornecedor), proximo_cursor: z.string().nullable() }),
    handler: async ({ query, auth, request }) => {
      const { limite: _limite, cursor, cnpj: _cnpj, ...shape } = query;
      const byCnpj = cnpjFilter(query.cnpj);
      const filters = {
        ...shape,
        ...byCnpj,
        atualizadoDesde: query.atualizado_desde && instantFilterUtc(query.atualizado_desde),
        incluirExcluidos: query.incluir_excluidos ?? false,
      };
      return keysetPage({
        cursors: request.server.cursors,
        list: 'fornecedores',
        // The cnpj as matched: its punctuation does not bind the cursor.
        filters: { ...shape, cnpj: byCnpj.cnpj ?? query.cnpj },
        limite: query.limite,
        cursor,
        keyset: KEYSET,
        fetch: (after, limit) =>
          listSuppliers(deps.pool, {
            empresaId: auth.empresa.id,
            filters,
            window: { now: deps.clock(), windowSeconds: deps.windowSeconds },
            after,
            limit,
          }),
        keysetOf: (row: SupplierRow): CatalogKeyset => [row.atualizado_em, row.id],
        present: presentFornecedor,
      });
    },
  });
