import { movimentoBodyExample, movimentoExample, movimentoSchema } from '@factory/api';
import { defineRoute, param, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { answerMovement } from '../answer-movement.js';
import type { EstoqueDeps } from '../estoque-deps.js';
import { writeContextOf } from '../write-context.js';

// Types and presence only; the decider checks values (tipo, signs, units, costs) and names
// the field at fault. `custo_unitario` is accepted from a token without `custos:ler` (the
// specification refuses it only on products): an ERP pushing entries must value them.
const registrarMovimentoBody = z.strictObject({
  insumo_id: param.uuid,
  local_id: param.uuid,
  tipo: z.string(),
  quantidade: z.number(),
  unidade: z.string().min(1).nullish(),
  custo_unitario: z.number().nullish(),
  referencia: z.string().max(200).nullish(),
  motivo: z.string().max(500).nullish(),
});

/** POST /v1/estoque/movimentos: registers a movement; Idempotency-Key required. */
export const registrarMovimentoRoute = (deps: EstoqueDeps) =>
  defineRoute({
    method: 'POST',
    url: '/v1/estoque/movimentos',
    scope: 'estoque:escrever',
    summary: 'Registra um movimento de estoque (entrada_manual, ajuste, perda, saldo_inicial)',
    body: registrarMovimentoBody,
    response: movimentoSchema,
    status: 201,
    idempotencyKey: 'required',
    examples: { body: movimentoBodyExample, response: movimentoExample },
    handler: ({ body, auth, request, reply }) =>
      withIdempotency({ pool: deps.pool, auth, request, reply, clock: deps.clock }, (key, attempt) => {
        const context = writeContextOf(auth, request, key, deps.clock());
        return answerMovement(attempt, 'validacao', (options) =>
          deps.stock.registerMovement(context, body, options),
        );
      }),
  });
