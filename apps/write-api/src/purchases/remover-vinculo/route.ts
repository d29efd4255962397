import { removerVinculoFornecedor } from '@factory/api';
import { defineRoute, refusalError } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import type { PurchasesRouteDeps } from '../purchases-deps.js';

/**
 * DELETE /v1/fornecedores/{id}/vinculos/{codigo}: 204, nothing in the body (404 when the code has
 * no link). Not under withIdempotency: a stored answer is a JSON body, and a repeated DELETE is
 * answered by the state it finds (404) as every DELETE of the API is.
 */
export const removerVinculoRoute = (deps: PurchasesRouteDeps) =>
  defineRoute({
    ...removerVinculoFornecedor,
    handler: async ({ params, auth, request, reply }) => {
      const context = writeContextOf(auth, request, null, deps.clock());
      const outcome = await deps.purchases.removerVinculo(context, {
        fornecedor_id: params.id,
        codigo: params.codigo,
      });
      if (!outcome.ok) throw refusalError(outcome.error, 'nao_encontrado');
      if (outcome.position !== null) reply.header('X-Posicao-Log', String(outcome.position));
      return undefined;
    },
  });
