import type { Pool } from '@factory/database';
import { productionDay } from '@factory/domain';
import { defineRoute, planoExample, planoSchema, toPlano } from '@factory/http';
import { planView, readPlan } from '@factory/read-models';
import { z } from 'zod';
import { diaParam } from '../dia-param.js';

/**
 * GET /v1/producao/plano: the plan of a production day (today's by the company's zone and turn
 * hour, by default) with its needs against the current balances. One resource: no window.
 */
export const producaoPlanoRoute = (deps: { pool: Pool; clock: () => Date }) =>
  defineRoute({
    method: 'GET',
    url: '/v1/producao/plano',
    scope: 'producao:ler',
    summary: 'O plano de um dia de produção e suas necessidades de insumos por local',
    query: z.object({ dia: diaParam.optional() }),
    response: planoSchema,
    examples: { response: planoExample },
    handler: async ({ query, auth }) => {
      const calendar = { fuso: auth.empresa.fuso, horaVirada: auth.empresa.horaVirada };
      const dia = query.dia ?? productionDay(deps.clock(), calendar);
      const plan = await readPlan(deps.pool, auth.empresa.id, dia);
      return toPlano(await planView(deps.pool, auth.empresa.id, dia, plan));
    },
  });
