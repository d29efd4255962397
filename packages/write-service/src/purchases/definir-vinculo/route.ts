import { definirVinculoFornecedor, presentVinculoFornecedor } from '@factory/api';
import { defineRoute, refusalError, withIdempotency } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import type { PurchasesRouteDeps } from '../purchases-deps.js';

/** PUT /v1/fornecedores/{id}/vinculos/{codigo}: creates or replaces the link; Idempotency-Key optional. */
export const definirVinculoRoute = (deps: PurchasesRouteDeps) =>
  defineRoute({
    ...definirVinculoFornecedor,
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency({ pool: deps.pool, auth, request, reply, clock: deps.clock }, async (key) => {
        const context = writeContextOf(auth, request, key, deps.clock());
        const outcome = await deps.purchases.definirVinculo(context, {
          fornecedor_id: params.id,
          codigo: params.codigo,
          insumo_id: body.insumo_id,
          fator: body.fator,
        });
        if (!outcome.ok) throw refusalError(outcome.error, 'nao_encontrado');
        const link = outcome.value;
        const headers: Record<string, string> = {};
        if (outcome.position !== null) headers['X-Posicao-Log'] = String(outcome.position);
        return {
          status: 200,
          headers,
          body: presentVinculoFornecedor({ ...link, atualizado_em: link.definido_em }),
        };
      }),
  });
