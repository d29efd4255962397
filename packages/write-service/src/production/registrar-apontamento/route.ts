import { registrarApontamento } from '@factory/api';
import { defineRoute, withIdempotency } from '@factory/http';
import { writeContextOf } from '../../stock/write-context.js';
import { answerRecord } from '../answer-record.js';
import type { ProductionRouteDeps } from '../production-deps.js';

/**
 * POST /v1/producao/apontamentos: registers a production record and its baixa_producao
 * movements, atomically; Idempotency-Key required, as on every POST that creates movements.
 */
export const registrarApontamentoRoute = (deps: ProductionRouteDeps) =>
  defineRoute({
    ...registrarApontamento,
    handler: ({ body, auth, request, reply }) =>
      withIdempotency({ pool: deps.pool, auth, request, reply, clock: deps.clock }, (key, attempt) => {
        const context = writeContextOf(auth, request, key, deps.clock());
        const calendar = { fuso: auth.empresa.fuso, horaVirada: auth.empresa.horaVirada };
        return answerRecord(attempt, 201, (options) =>
          deps.production.registrarApontamento(context, { ...body, calendar }, options),
        );
      }),
  });
