import { producaoPlano, toPlano } from '@factory/api';
import type { Pool } from '@factory/database';
import { productionDay } from '@factory/domain';
import { defineRoute } from '@factory/http';
import { planView, readPlan } from '@factory/read-models';

/**
 * GET /v1/producao/plano: the plan of a production day (today's by the company's zone and turn
 * hour, by default) with its needs against the current balances. One resource: no window.
 */
export const producaoPlanoRoute = (deps: { pool: Pool; clock: () => Date }) =>
  defineRoute({
    ...producaoPlano,
    handler: async ({ query, auth }) => {
      const calendar = { fuso: auth.empresa.fuso, horaVirada: auth.empresa.horaVirada };
      const dia = query.dia ?? productionDay(deps.clock(), calendar);
      const plan = await readPlan(deps.pool, auth.empresa.id, dia);
      return toPlano(await planView(deps.pool, auth.empresa.id, dia, plan));
    },
  });
