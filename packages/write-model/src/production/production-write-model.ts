import type { Pool } from '@factory/database';
import type { ItemDoPlanoInput } from '@factory/domain';
import type { EventStore } from '@factory/event-store';
import type { HandleOptions } from '../handle-command.js';
import type { StockWriteModel } from '../stock/stock-write-model.js';
import type { WriteContext } from '../write-context.js';
import { createWriteStore } from '../write-store.js';
import { cancelarApontamento } from './cancelar-apontamento/cancelar-apontamento.js';
import type { RecordOutcome, RecordWriteOptions } from './record-outcome.js';
import {
  type RegistrarApontamentoInput,
  registrarApontamento,
} from './registrar-apontamento/registrar-apontamento.js';
import { type SubstituirPlanoOutcome, substituirPlano } from './substituir-plano/substituir-plano.js';

/** The production commands, as a table. */
export interface ProductionWriteModel {
  substituirPlano(
    context: WriteContext,
    dia: string,
    itens: readonly ItemDoPlanoInput[],
  ): Promise<SubstituirPlanoOutcome>;
  registrarApontamento(
    context: WriteContext,
    input: RegistrarApontamentoInput,
    options?: RecordWriteOptions,
  ): Promise<RecordOutcome>;
  cancelarApontamento(
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
    substituirPlano: (context, dia, itens) => substituirPlano(deps, context, dia, itens),
    registrarApontamento: (context, input, opts) => registrarApontamento(deps, context, input, opts),
    cancelarApontamento: (context, input, opts) => cancelarApontamento(deps, context, input, opts),
  };
}
