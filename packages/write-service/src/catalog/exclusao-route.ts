import type { excluirProduto } from '@factory/api';
import { defineRoute, refusalError, withIdempotency } from '@factory/http';
import type { CatalogWriteContext, DeleteOutcome } from '@factory/write-model';
import { type CatalogRouteDeps, catalogContextOf, positionHeader } from './catalog-deps.js';

type ExclusaoDeclaration = typeof excluirProduto;

interface ExclusaoServing {
  remove(deps: CatalogRouteDeps, context: CatalogWriteContext, id: string): Promise<DeleteOutcome>;
}

/** Serves a deletion the contract declares (`excluirProduto`, `excluirInsumo`, `excluirFornecedor`). */
export const exclusaoRoute = (
  deps: CatalogRouteDeps,
  declaration: ExclusaoDeclaration,
  route: ExclusaoServing,
) =>
  defineRoute({
    ...declaration,
    handler: ({ params, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const outcome = await route.remove(
            deps,
            catalogContextOf(auth, request, key, deps.clock()),
            params.id,
          );
          if (!outcome.ok) throw refusalError(outcome.error);
          return {
            status: 200,
            headers: positionHeader(outcome.position),
            body: { id: outcome.id, excluido_em: outcome.excluido_em },
          };
        },
      ),
  });
