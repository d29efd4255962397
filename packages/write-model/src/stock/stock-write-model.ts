import type { Pool } from '@factory/database';
import type { WriteContext } from '../write-context.js';
import { defineSupplyItem as define, type SupplyItemDefinition } from './define-supply-item.js';
import { type ReverseMovementInput, reverseMovement } from './estornar-movimento/estornar-movimento.js';
import type { MovementJob } from './movement-job.js';
import type { MovementOutcome, MovementWriteOptions } from './movement-outcome.js';
import { type RegisterMovementInput, registerMovement } from './registrar-movimento/registrar-movimento.js';
import { createStockDeps, type StockWriteModelOptions } from './stock-deps.js';

/** The stock ledger's commands, like a table of contents. */
export interface StockWriteModel {
  registerMovement(
    context: WriteContext,
    input: RegisterMovementInput,
    options?: MovementWriteOptions,
  ): Promise<MovementOutcome>;
  reverseMovement(
    context: WriteContext,
    input: ReverseMovementInput,
    options?: MovementWriteOptions,
  ): Promise<MovementOutcome>;
  defineSupplyItem(item: SupplyItemDefinition): Promise<{ position: number }>;
  /** Movement jobs of other write models (production records) join this process's group commit. */
  submit(job: MovementJob): Promise<MovementOutcome>;
}

export function createStockWriteModel(options: StockWriteModelOptions): StockWriteModel {
  const deps = createStockDeps(options);
  return {
    registerMovement: (context, input, options) => registerMovement(deps, context, input, options),
    reverseMovement: (context, input, options) => reverseMovement(deps, context, input, options),
    defineSupplyItem: (item) => define(deps, item),
    submit: (job) => deps.movements.submit(job),
  };
}

/** For seeds and tests: defines a supply item's units and reference cost on its stream. */
export function defineSupplyItem(pool: Pool, item: SupplyItemDefinition): Promise<{ position: number }> {
  return createStockWriteModel({ pool }).defineSupplyItem(item);
}
