import { removerVinculoFornecedor } from '@factory/api';
import { defineRoute, refusalError, withIdempotency } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import type { PurchasesRouteDeps } from '../purchases-deps.js';

/**
 * The answer a key keeps for a 204: a stored answer is JSON text, so the empty answer is kept as
 * `""`; the platform sends a 204 without a body, first and on every replay.
 */
const NO_CONTENT = '' as unknown as undefined;

/**
 * DELETE /v1/fornecedores/{id}/vinculos/{codigo}: 204, nothing in the body (404 when the code has
 * no link). Idempotency-Key optional: a repeat under the key replays the 204.
 */
export const removerVinculoRoute = (deps: PurchasesRouteDeps) =>
  defineRoute({
    ...removerVinculoFornecedor,
    handler: async ({ params, auth, request, reply }) => {
      await withIdempotency({ pool: deps.pool, auth, request, reply, clock: deps.clock }, async (key) => {
        const context = writeContextOf(auth, request, key, deps.clock());
        const outcome = await deps.purchases.removerVinculo(context, {
          fornecedor_id: params.id,
          codigo: params.codigo,
        });
        if (!outcome.ok) throw refusalError(outcome.error, 'nao_encontrado');
        const headers: Record<string, string> = {};
        if (outcome.position !== null) headers['X-Posicao-Log'] = String(outcome.position);
        return { status: 204, headers, body: NO_CONTENT };
      });
      return undefined;
    },
  });
