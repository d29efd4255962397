// A write route that exercises withIdempotency in its own tests: it counts its executions and
// the reads of a key found taken (a repeat looking at the first attempt's row), can be held at a
// gate, and fails or refuses on demand.
import type { Pool } from '@factory/database';
import { z } from 'zod';
import { ApiError } from '../../src/errors/api-error.js';
import { withIdempotency } from '../../src/idempotency/with-idempotency.js';
import { defineRoute } from '../../src/routes/route-definition.js';

export class IdempotencyProbe {
  executions = 0;
  gate: Promise<void> | null = null;
  failNext = false;
  takenKeyReads = 0;
}

// The pool as withIdempotency sees it, counting the reads of a taken key's row as they start.
function countingTakenKeyReads(pool: Pool, probe: IdempotencyProbe): Pool {
  return new Proxy(pool, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (name !== 'query') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: Parameters<Pool['query']>) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
        if (text?.includes('AS holder_gone')) probe.takenKeyReads++;
        return (target.query as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
}

export function idempotencyTestRoutes(database: Pool, clock: () => Date, probe: IdempotencyProbe) {
  const pool = countingTakenKeyReads(database, probe);
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
