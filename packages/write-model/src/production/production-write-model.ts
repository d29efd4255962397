import type { Pool } from '@factory/database';
import type { ItemDoPlanoInput } from '@factory/domain';
import type { EventStore } from '@factory/event-store';
import type { HandleOptions } from '../handle-command.js';
import type { StockWriteModel } from '../stock/stock-write-model.js';
import type { WriteContext } from '../write-context.js';
import { createWriteStore } from '../write-store.js';
import { cancelRecord } from './cancelar-apontamento/cancelar-apontamento.js';
import type { RecordOutcome, RecordWriteOptions } from './record-outcome.js';
import {
  type RecordProductionInput,
  recordProduction,
} from './registrar-apontamento/registrar-apontamento.js';
import { type ReplacePlanOutcome, replacePlan } from './substituir-plano/substituir-plano.js';

/** The production commands, as a table. */
export interface ProductionWriteModel {
  replacePlan(
    context: WriteContext,
    dia: string,
    itens: readonly ItemDoPlanoInput[],
  ): Promise<ReplacePlanOutcome>;
  recordProduction(
    context: WriteContext,
    input: RecordProductionInput,
    options?: RecordWriteOptions,
  ): Promise<RecordOutcome>;
  cancelRecord(
    context: WriteContext,
    input: { apontamento_id: string; motivo?: unknown },
    options?: RecordWriteOptions,
  ): Promise<RecordOutcome>;
}

/**
 * `stock` is the process's stock write model: a record's movements join its group commit, so
 * records and movements of concurrent requests share appends.
 */
export function createProductionWriteModel(options: {
  pool: Pool;
  stock: StockWriteModel;
  store?: EventStore;
  /** How long a write keeps retrying under contention, and who is told about it. */
  contention?: HandleOptions;
}): ProductionWriteModel {
  const store = options.store ?? createWriteStore({ pool: options.pool });
  const deps = { pool: options.pool, store, stock: options.stock, contention: options.contention ?? {} };
  return {
    replacePlan: (context, dia, itens) => replacePlan(deps, context, dia, itens),
    recordProduction: (context, input, opts) => recordProduction(deps, context, input, opts),
    cancelRecord: (context, input, opts) => cancelRecord(deps, context, input, opts),
  };
}
