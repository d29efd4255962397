import { fichaExample, fichaSchema } from '@factory/api';
import { defineRoute, param, refusalError, withIdempotency } from '@factory/http';
import { z } from 'zod';
import { type CatalogoDeps, catalogContextOf, positionHeader } from '../catalogo-deps.js';
import { toFicha } from '../ficha.js';

// Types and presence only; the decider checks values (tipo, ids, consumo > 0, units, loss,
// cycles) and names the line's field at fault.
const linhaSchema = z.strictObject({
  tipo: z.string(),
  insumo_id: z.string().nullish(),
  componente_id: z.string().nullish(),
  consumo: z.number(),
  unidade: z.string().nullish(),
  perda_pct: z.number().nullish(),
});

const substituirFichaBody = z.strictObject({ linhas: z.array(linhaSchema) });

/** PUT /v1/fichas/{produto_id}: the lines become the next version, active. */
export const substituirFichaRoute = (deps: CatalogoDeps) =>
  defineRoute({
    method: 'PUT',
    url: '/v1/fichas/:produto_id',
    scope: 'fichas:escrever',
    summary: 'Substitui a ficha técnica do produto: cria a próxima versão, ativa',
    params: z.object({ produto_id: param.uuid }),
    body: substituirFichaBody,
    examples: {
      body: {
        linhas: [
          {
            tipo: 'insumo',
            insumo_id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f',
            componente_id: null,
            consumo: 1.2,
            unidade: 'm',
            perda_pct: 5,
          },
        ],
      },
      response: fichaExample,
    },
    response: fichaSchema,
    handler: ({ params, body, auth, request, reply }) =>
      withIdempotency(
        { pool: deps.pool, auth, request, reply, required: false, clock: deps.clock },
        async (key) => {
          const context = catalogContextOf(auth, request, key, deps.clock());
          const outcome = await deps.catalog.defineBill(context, params.produto_id, body.linhas);
          if (!outcome.ok) throw refusalError(outcome.error);
          const custo = await deps.catalog.activeBillCost(context.empresaId, params.produto_id);
          return {
            status: 200,
            headers: positionHeader(outcome.position),
            body: toFicha(outcome.ficha, custo),
          };
        },
      ),
  });
