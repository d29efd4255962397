import type { Pool } from '@factory/database';
import type { ItemDoPlanoInput } from '@factory/domain';
import { createPostgresEventStore, type EventStore } from '@factory/event-store';
import type { WriteContext } from '../write-context.js';
import { type ReplacePlanOutcome, replacePlan } from './replace-plan.js';

/** The production commands, as a table. */
export interface ProductionWriteModel {
  replacePlan(
    context: WriteContext,
    dia: string,
    itens: readonly ItemDoPlanoInput[],
  ): Promise<ReplacePlanOutcome>;
}

export function createProductionWriteModel(options: {
  pool: Pool;
  store?: EventStore;
}): ProductionWriteModel {
  const deps = {
    pool: options.pool,
    store: options.store ?? createPostgresEventStore({ pool: options.pool, listen: null }),
  };
  return {
    replacePlan: (context, dia, itens) => replacePlan(deps, context, dia, itens),
  };
}
