import { fornecedores, presentFornecedor } from '@factory/api';
import { listSuppliers } from '@factory/read-models';
import { catalogFilters } from '../catalog-filters.js';
import { defineListRoute, instantThenUuid, type ListDeps } from '../list-route.js';

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
  defineListRoute(deps, fornecedores, {
    keyset: instantThenUuid,
    keysetOf: (row) => [row.atualizado_em, row.id],
    read: listSuppliers,
    readFilters: ({ cnpj, ...filters }) => ({ ...catalogFilters(filters), ...cnpjFilter(cnpj) }),
    // The cnpj as matched: its punctuation does not bind the cursor.
    cursorFilters: (filters) => ({ ...filters, cnpj: cnpjFilter(filters.cnpj).cnpj ?? filters.cnpj }),
    present: (row) => presentFornecedor(row),
  });
