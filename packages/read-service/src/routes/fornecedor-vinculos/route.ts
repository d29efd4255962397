import { fornecedorVinculos, presentVinculoFornecedor } from '@factory/api';
import { keysetField } from '@factory/http';
import { listLinks } from '@factory/read-models';
import { z } from 'zod';
import { defineListRoute, type ListDeps } from '../list-route.js';

/** GET /v1/fornecedores/{id}/vinculos: the supplier's item links, by codigo. */
export const fornecedorVinculosRoute = (deps: ListDeps) =>
  defineListRoute(deps, fornecedorVinculos, {
    keyset: z.tuple([keysetField.text]),
    keysetOf: (row) => [row.codigo],
    read: listLinks,
    readFilters: (filters) => ({ fornecedorId: filters.id }),
    present: (row) => presentVinculoFornecedor(row),
  });
