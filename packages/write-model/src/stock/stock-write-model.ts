import type { Pool } from '@factory/database';
import type { WriteContext } from '../write-context.js';
import { defineSupplyItem as define, type SupplyItemDefinition } from './define-supply-item.js';
import type { MovementOutcome, MovementWriteOptions } from './movement-outcome.js';
import { type RegisterMovementInput, registerMovement } from './register-movement.js';
import { type ReverseMovementInput, reverseMovement } from './reverse-movement.js';
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
}

export function createStockWriteModel(options: StockWriteModelOptions): StockWriteModel {
  const deps = createStockDeps(options);
  return {
    registerMovement: (context, input, options) => registerMovement(deps, context, input, options),
    reverseMovement: (context, input, options) => reverseMovement(deps, context, input, options),
    defineSupplyItem: (item) => define(deps, item),
  };
}

/** For seeds and tests: defines a supply item's units and reference cost on its stream. */
export function defineSupplyItem(pool: Pool, item: SupplyItemDefinition): Promise<{ position: number }> {
  return createStockWriteModel({ pool }).defineSupplyItem(item);
}
