import { substituirPlano, toPlano } from '@factory/api';
import { isValidDia } from '@factory/domain';
import { ApiError, defineRoute, refusalError, withIdempotency } from '@factory/http';
import { planView } from '@factory/read-models';
import { positionHeader } from '../../catalog/catalog-deps.js';
import { writeContextOf } from '../../stock/write-context.js';
import type { ProductionRouteDeps } from '../production-deps.js';

/** PUT /v1/producao/plano/{dia}: the lines become the day's plan, versao + 1. */
export const substituirPlanoRoute = (deps: ProductionRouteDeps) =>
  defineRoute({
    ...substituirPlano,
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
          const outcome = await deps.production.substituirPlano(context, params.dia, body.itens);
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
