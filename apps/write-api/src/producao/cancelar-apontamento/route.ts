import { apontamentoSchema, defineRoute, param, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { writeContextOf } from '../../estoque/write-context.js';
import { answerRecord } from '../answer-record.js';
import type { ProducaoDeps } from '../producao-deps.js';

// Optional: no body and no Content-Type is valid too.
const cancelarApontamentoBody = z.strictObject({ motivo: z.string().max(500).nullish() }).optional();

/**
 * POST /v1/producao/apontamentos/{id}/cancelamento: reverses every movement of the record and
 * marks it cancelled, atomically. Body and Idempotency-Key optional (as on a reversal).
 */
export const cancelarApontamentoRoute = (deps: ProducaoDeps) =>
  defineRoute({
    method: 'POST',
    url: '/v1/producao/apontamentos/:id/cancelamento',
    scope: 'producao:escrever',
    summary:
      'Cancela um apontamento de produção: estorna cada um dos seus movimentos (corpo opcional: {"motivo"})',
    params: z.object({ id: param.uuid }),
    body: cancelarApontamentoBody,
    response: apontamentoSchema,
    examples: { body: { motivo: 'apontado no produto errado' } },
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        (key, attempt) => {
          const context = writeContextOf(auth, request, key, deps.clock());
          return answerRecord(attempt, 200, (options) =>
            deps.production.cancelRecord(
              context,
              { apontamento_id: params.id, motivo: body?.motivo },
              options,
            ),
          );
        },
      ),
  });
