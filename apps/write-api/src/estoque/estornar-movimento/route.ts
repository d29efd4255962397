import { movimentoSchema } from '@factory/api';
import { defineRoute, param, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { answerMovement } from '../answer-movement.js';
import type { EstoqueDeps } from '../estoque-deps.js';
import { writeContextOf } from '../write-context.js';

// Optional: no body and no Content-Type is valid too.
const estornarMovimentoBody = z
  .strictObject({
    motivo: z.string().max(500).nullish(),
  })
  .optional();

/** POST /v1/estoque/movimentos/{id}/estorno: reverses a movement; Idempotency-Key optional. */
export const estornarMovimentoRoute = (deps: EstoqueDeps) =>
  defineRoute({
    method: 'POST',
    url: '/v1/estoque/movimentos/:id/estorno',
    scope: 'estoque:escrever',
    summary: 'Estorna um movimento de estoque (corpo opcional: {"motivo"})',
    params: z.object({ id: param.uuid }),
    body: estornarMovimentoBody,
    response: movimentoSchema,
    status: 201,
    examples: {
      body: { motivo: 'lançado em dobro' },
      response: {
        id: '7c6b5a4f-3e2d-4c1b-9a0f-8e7d6c5b4a39',
        insumo_id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f',
        local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        tipo: 'estorno',
        quantidade: -120,
        unidade: 'm',
        custo_unitario: 4.35,
        referencia: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
        motivo: 'lançado em dobro',
        origem: 'api',
        criado_em: '2026-03-10T10:02:00.000-03:00',
      },
    },
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        (key, attempt) => {
          const context = writeContextOf(auth, request, key, deps.clock());
          return answerMovement(attempt, 'nao_encontrado', (options) =>
            deps.stock.reverseMovement(context, { movimento_id: params.id, motivo: body?.motivo }, options),
          );
        },
      ),
  });
