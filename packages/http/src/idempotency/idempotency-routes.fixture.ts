// A write route that exercises withIdempotency in its own tests: it counts its executions,
// can be held at a gate, and fails or refuses on demand.
import type { Pool } from '@factory/database';
import { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { defineRoute } from '../routes/route-definition.js';
import { withIdempotency } from './with-idempotency.js';

export class IdempotencyProbe {
  executions = 0;
  gate: Promise<void> | null = null;
  failNext = false;
}

export function idempotencyTestRoutes(pool: Pool, clock: () => Date, probe: IdempotencyProbe) {
  const route = (url: string, required: boolean, waitMs?: number) =>
    defineRoute({
      method: 'POST',
      url,
      scope: 'estoque:escrever',
      summary: 'escrita idempotente de teste',
      body: z.strictObject({ valor: z.number(), recusar: z.boolean().optional() }),
      response: z.object({ n: z.number(), valor: z.number(), chave: z.string().nullable() }),
      status: 201,
      handler: ({ body, auth, request, reply }) =>
        withIdempotency({ pool, auth, request, reply, required, clock, waitMs }, async (key) => {
          const n = ++probe.executions;
          if (probe.gate) await probe.gate;
          if (probe.failNext) {
            probe.failNext = false;
            throw new Error('falha de teste');
          }
          if (body.recusar) throw new ApiError('validacao', { campo: 'valor', mensagem: 'recusado' });
          return {
            status: 201,
            headers: { 'X-Posicao-Log': String(1000 + n) },
            body: { n, valor: body.valor, chave: key },
          };
        }),
    });
  return [
    route('/v1/teste/idem', false),
    route('/v1/teste/idem-obrigatoria', true),
    route('/v1/teste/idem-curta', false, 150),
  ];
}
