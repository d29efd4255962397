import { planoExample, planoSchema, toPlano } from '@factory/api';
import { isValidDia } from '@factory/domain';
import { ApiError, defineRoute, refusalError, withIdempotency } from '@factory/http';
import { planView } from '@factory/read-models';
import { z } from 'zod';
import { positionHeader } from '../../catalogo/catalogo-deps.js';
import { writeContextOf } from '../../estoque/write-context.js';
import type { ProducaoDeps } from '../producao-deps.js';

// Types and presence only; the decider checks values and names the line's key at fault.
const substituirPlanoBody = z.strictObject({
  itens: z.array(z.strictObject({ produto_id: z.string(), quantidade: z.number(), local_id: z.string() })),
});

/** PUT /v1/producao/plano/{dia}: the lines become the day's plan, versao + 1. */
export const substituirPlanoRoute = (deps: ProducaoDeps) =>
  defineRoute({
    method: 'PUT',
    url: '/v1/producao/plano/:dia',
    scope: 'producao:escrever',
    summary: 'Substitui o plano de um dia de produção',
    params: z.object({ dia: z.string() }),
    body: substituirPlanoBody,
    examples: {
      body: {
        itens: [
          {
            produto_id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
            quantidade: 120,
            local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
          },
        ],
      },
      response: planoExample,
    },
    response: planoSchema,
    handler: ({ params, body, auth, request, reply }) => {
      // A path segment, but a date, not an id: a malformed one is a bad parameter, not a 404.
      if (!isValidDia(params.dia))
        throw new ApiError('parametro_invalido', {
          campo: 'dia',
          mensagem: 'dia deve ser uma data AAAA-MM-DD',
        });
      return withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const context = writeContextOf(auth, request, key, deps.clock());
          const outcome = await deps.production.replacePlan(context, params.dia, body.itens);
          if (!outcome.ok) throw refusalError(outcome.error, 'validacao');
          const { plano } = outcome;
          const view = await planView(deps.pool, auth.empresa.id, params.dia, {
            versao: plano.versao,
            itens: plano.itens,
            atualizado_em: plano.substituido_em,
          });
          return {
            status: 200,
            headers: positionHeader(outcome.position),
            body: toPlano(view),
          };
        },
      );
    },
  });
