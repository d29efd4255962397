import { desativarFicha } from '@factory/api';
import { defineRoute, refusalError, withIdempotency } from '@factory/http';
import { type CatalogRouteDeps, catalogContextOf, positionHeader } from '../catalog-deps.js';

/** DELETE /v1/fichas/{produto_id}: the product no longer has an active bill; 404 when it had none. */
export const desativarFichaRoute = (deps: CatalogRouteDeps) =>
  defineRoute({
    ...desativarFicha,
    handler: ({ params, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const context = catalogContextOf(auth, request, key, deps.clock());
          const outcome = await deps.catalog.desativarFicha(context, params.produto_id);
          if (!outcome.ok) throw refusalError(outcome.error);
          return {
            status: 200,
            headers: positionHeader(outcome.position),
            body: { produto_id: outcome.produto_id, versao: outcome.versao, ativa: false as const },
          };
        },
      ),
  });
