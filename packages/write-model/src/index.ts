export type { CatalogWriteContext } from './catalog/catalog-context.js';
export type { CatalogWriteModelOptions } from './catalog/catalog-deps.js';
export type { DeleteOutcome, SaveOutcome } from './catalog/catalog-outcome.js';
export { productStream, supplierStream } from './catalog/catalog-streams.js';
export {
  type CatalogItem,
  type CatalogWriteModel,
  createCatalogWriteModel,
} from './catalog/catalog-write-model.js';
export type { DesativarFichaOutcome } from './catalog/desativar-ficha/desativar-ficha.js';
export type { ProductRelations } from './catalog/product-relations.js';
export {
  type BatchItemResult,
  type BatchSpec,
  type ItemKey,
  isObject,
  type RawItem,
  runBatch,
  skuKeys,
  skuOf,
} from './catalog/run-batch.js';
export type { BillLineInput, SubstituirFichaOutcome } from './catalog/substituir-ficha/substituir-ficha.js';
export type { DecidedFields, DecidedRow } from './decided-row.js';
export type { Decider, Decision, SnapshotCodec } from './decider.js';
export { eventIdsFor, uuidV5 } from './event-ids.js';
export {
  type AfterRefusal,
  CONTENTION_DEADLINE_MS,
  type CommandWrite,
  type ContentionObserver,
  type DecidedWrite,
  type HandleOptions,
  handleCommand,
} from './handle-command.js';
export { Lanes } from './lanes.js';
export { catchUp, type LoadedStream, loadStream } from './load-stream.js';
export {
  createProductionWriteModel,
  type ProductionWriteModel,
} from './production/production-write-model.js';
export type { RecordedProduction, RecordOutcome, RecordWriteOptions } from './production/record-outcome.js';
export { recordStream } from './production/record-stream.js';
export type { RegistrarApontamentoInput } from './production/registrar-apontamento/registrar-apontamento.js';
export type { SubstituirPlanoOutcome } from './production/substituir-plano/substituir-plano.js';
export * from './purchases/index.js';
export type { EstornarMovimentoInput } from './stock/estornar-movimento/estornar-movimento.js';
export { findMovement, type IndexedMovement } from './stock/movement-index.js';
export type {
  MovementOutcome,
  MovementWriteOptions,
  RecordedMovement,
} from './stock/movement-outcome.js';
export type { RegistrarMovimentoInput } from './stock/registrar-movimento/registrar-movimento.js';
export type { StockWriteModelOptions } from './stock/stock-deps.js';
export { stockSnapshots } from './stock/stock-snapshots.js';
export { stockStream } from './stock/stock-stream.js';
export { createStockWriteModel, type StockWriteModel } from './stock/stock-write-model.js';
export {
  type AppendedEvent,
  type CommandHandlerDeps,
  type CommandOptions,
  type CommandResult,
  type StreamTarget,
  streamCommand,
  type TargetOf,
} from './stream-command.js';
export { isoInstant, metadataOf, type WriteContext } from './write-context.js';
export type { WriteRefusal } from './write-refusal.js';
export { writeSideProjections } from './write-side-projections.js';
export { createWriteStore, type RowsMode } from './write-store.js';
