import type { Pool } from '@factory/database';
import type { WriteContext } from '../write-context.js';
import { defineSupplyItem as define, type SupplyItemDefinition } from './define-supply-item.js';
import type { MovementOutcome } from './movement-outcome.js';
import { type RegisterMovementInput, registerMovement } from './register-movement.js';
import { type ReverseMovementInput, reverseMovement } from './reverse-movement.js';
import { createStockDeps, type StockWriteModelOptions } from './stock-deps.js';

/** The stock ledger's commands, like a table of contents. */
export interface StockWriteModel {
  registerMovement(context: WriteContext, input: RegisterMovementInput): Promise<MovementOutcome>;
  reverseMovement(context: WriteContext, input: ReverseMovementInput): Promise<MovementOutcome>;
  defineSupplyItem(item: SupplyItemDefinition): Promise<{ position: number }>;
}

export function createStockWriteModel(options: StockWriteModelOptions): StockWriteModel {
  const deps = createStockDeps(options);
  return {
    registerMovement: (context, input) => registerMovement(deps, context, input),
    reverseMovement: (context, input) => reverseMovement(deps, context, input),
    defineSupplyItem: (item) => define(deps, item),
  };
}

/** For seeds and tests: defines a supply item's units and reference cost on its stream. */
export function defineSupplyItem(pool: Pool, item: SupplyItemDefinition): Promise<{ position: number }> {
  return createStockWriteModel({ pool }).defineSupplyItem(item);
}
