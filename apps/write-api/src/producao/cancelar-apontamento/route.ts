import { apontamentoSchema } from '@factory/api';
import { defineRoute, param, withIdempotency } from '@factory/http';
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
    examples: {
      body: { motivo: 'apontado no produto errado' },
      response: {
        id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
        produto_id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
        quantidade: 48,
        local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        dia: '2026-03-10',
        referencia: 'OP 1187',
        motivo: 'apontado no produto errado',
        estado: 'cancelado',
        custo: 1002.24,
        movimentos: ['8f7e6d5c-4b3a-4291-8d7c-6b5a4f3e2d1c'],
        criado_em: '2026-03-10T14:05:00.000-03:00',
        atualizado_em: '2026-03-10T15:30:00.000-03:00',
      },
    },
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
