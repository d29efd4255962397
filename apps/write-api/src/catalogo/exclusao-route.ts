import { defineRoute, param, refusalError, withIdempotency } from '@factory/http';
import type { CatalogWriteContext, DeleteOutcome } from '@factory/write-model';
import { z } from 'zod';
import { type CatalogoDeps, catalogContextOf, positionHeader } from './catalogo-deps.js';

export const exclusaoSchema = z.object({ id: z.uuid(), excluido_em: z.string() });

interface ExclusaoRoute {
  url: string;
  scope: string;
  summary: string;
  remove(deps: CatalogoDeps, context: CatalogWriteContext, id: string): Promise<DeleteOutcome>;
}

/**
 * `DELETE /v1/<cadastro>/{id}`: 200 `{id, excluido_em}`; deleting again answers the same,
 * with nothing appended and no `X-Posicao-Log`. Unknown, another company's or not a uuid: 404.
 * In use by another product's active bill: 409 naming the bill.
 */
export const exclusaoRoute = (deps: CatalogoDeps, route: ExclusaoRoute) =>
  defineRoute({
    method: 'DELETE',
    url: route.url,
    scope: route.scope,
    summary: route.summary,
    params: z.object({ id: param.uuid }),
    response: exclusaoSchema,
    examples: {
      response: { id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', excluido_em: '2026-03-10T11:20:00.000-03:00' },
    },
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
