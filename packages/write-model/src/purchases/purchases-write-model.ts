import type { Pool } from '@factory/database';
import type { PreviaRecebimento } from '@factory/domain';
import type { EventStore } from '@factory/event-store';
import type { HandleOptions } from '../handle-command.js';
import type { WriteContext } from '../write-context.js';
import { createWriteStore } from '../write-store.js';
import { cancelarPedido } from './cancelar-pedido/cancelar-pedido.js';
import { cancelarRecebimento } from './cancelar-recebimento/cancelar-recebimento.js';
import { type CriarPedidoInput, criarPedido } from './criar-pedido/criar-pedido.js';
import { definirVinculo } from './definir-vinculo/definir-vinculo.js';
import type { SavedLink } from './links-record.js';
import type { RecordedNota } from './nota-record.js';
import type { RecordedOrder } from './order-record.js';
import { previaRecebimento } from './previa-recebimento/previa-recebimento.js';
import type { PurchaseOutcome, PurchasesDeps, PurchaseWriteOptions } from './purchases-deps.js';
import { receberNota } from './receber-nota/receber-nota.js';
import type { ReceberNotaInput } from './receber-nota/receipt-inputs.js';
import { removerVinculo } from './remover-vinculo/remover-vinculo.js';

export interface PurchasesWriteModelOptions {
  pool: Pool;
  /** The log; by default the PostgreSQL store on the same pool. */
  store?: EventStore;
  /** How long a write keeps retrying under contention, and who is told about it. */
  contention?: HandleOptions;
  /** A stock stream's snapshot is due this many events past the last one (25, as the stock's). */
  snapshotEvery?: number;
}

/** The purchases' commands (compras.md), like a table of contents. */
export interface PurchasesWriteModel {
  criarPedido(
    context: WriteContext,
    input: CriarPedidoInput,
    options?: PurchaseWriteOptions<RecordedOrder>,
  ): Promise<PurchaseOutcome<RecordedOrder>>;
  cancelarPedido(
    context: WriteContext,
    input: { pedido_id: string; motivo?: unknown },
  ): Promise<PurchaseOutcome<RecordedOrder>>;
  definirVinculo(
    context: WriteContext,
    input: { fornecedor_id: string; codigo: string; insumo_id?: unknown; fator?: unknown },
  ): Promise<PurchaseOutcome<SavedLink>>;
  removerVinculo(
    context: WriteContext,
    input: { fornecedor_id: string; codigo: string },
  ): Promise<PurchaseOutcome<null>>;
  receberNota(
    context: WriteContext,
    input: ReceberNotaInput,
    options?: PurchaseWriteOptions<RecordedNota>,
  ): Promise<PurchaseOutcome<RecordedNota>>;
  previaRecebimento(
    context: WriteContext,
    input: ReceberNotaInput,
  ): Promise<PurchaseOutcome<PreviaRecebimento>>;
  cancelarRecebimento(
    context: WriteContext,
    input: { nota_id: string; motivo?: unknown },
    options?: PurchaseWriteOptions<RecordedNota>,
  ): Promise<PurchaseOutcome<RecordedNota>>;
}

export function createPurchasesWriteModel(options: PurchasesWriteModelOptions): PurchasesWriteModel {
  const deps: PurchasesDeps = {
    pool: options.pool,
    store: options.store ?? createWriteStore({ pool: options.pool }),
    contention: options.contention ?? {},
    snapshotEvery: options.snapshotEvery ?? 25,
  };
  return {
    criarPedido: (context, input, o) => criarPedido(deps, context, input, o),
    cancelarPedido: (context, input) => cancelarPedido(deps, context, input),
    definirVinculo: (context, input) => definirVinculo(deps, context, input),
    removerVinculo: (context, input) => removerVinculo(deps, context, input),
    receberNota: (context, input, o) => receberNota(deps, context, input, o),
    previaRecebimento: (context, input) => previaRecebimento(deps, context, input),
    cancelarRecebimento: (context, input, o) => cancelarRecebimento(deps, context, input, o),
  };
}
