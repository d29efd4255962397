import { substituirFicha } from '@factory/api';
import { defineRoute, refusalError, withIdempotency } from '@factory/http';
import { type CatalogRouteDeps, catalogContextOf, positionHeader } from '../catalog-deps.js';
import { toFicha } from '../ficha.js';
import { answeredBillCost } from './answered-cost.js';

/** PUT /v1/fichas/{produto_id}: the lines become the next version, active. */
export const substituirFichaRoute = (deps: CatalogRouteDeps) =>
  defineRoute({
    ...substituirFicha,
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const context = catalogContextOf(auth, request, key, deps.clock());
          const outcome = await deps.catalog.substituirFicha(context, params.produto_id, body.linhas);
          if (!outcome.ok) throw refusalError(outcome.error);
          // A token without custos:ler is shown null (the cost-field hook): no need to compute it.
          const custo = context.canReadCosts
            ? await answeredBillCost(deps, context.empresaId, params.produto_id)
            : null;
          return {
            status: 200,
            headers: positionHeader(outcome.position),
            body: toFicha(outcome.ficha, custo),
          };
        },
      ),
  });
