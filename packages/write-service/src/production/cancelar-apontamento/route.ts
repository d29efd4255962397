import { cancelarApontamento } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import { answerRecord } from '../answer-record.js';
import type { ProductionRouteDeps } from '../production-deps.js';

/**
 * POST /v1/producao/apontamentos/{id}/cancelamento: reverses every movement of the record and
 * marks it cancelled, atomically. Body and Idempotency-Key optional (as on a reversal).
 */
export const cancelarApontamentoRoute = (deps: ProductionRouteDeps) =>
  defineRoute({
    ...cancelarApontamento,
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        (key, attempt) => {
          const context = writeContextOf(auth, request, key, deps.clock());
          return answerRecord(attempt, 200, (options) =>
            deps.production.cancelarApontamento(
              context,
              { apontamento_id: params.id, motivo: body?.motivo },
              options,
            ),
          );
        },
      ),
  });
