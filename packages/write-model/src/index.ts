export type { Decider, Decision, SnapshotStore } from './decider.js';
export { eventIdsFor, uuidV5 } from './event-ids.js';
export {
  type AppendedEvent,
  type CommandHandlerDeps,
  type CommandOptions,
  type CommandResult,
  handleCommand,
} from './handle-command.js';
export { catchUp, type LoadedStream, loadStream } from './load-stream.js';
export type { SupplyItemDefinition } from './stock/define-supply-item.js';
export { findMovement, type IndexedMovement } from './stock/movement-index.js';
export type { MovementOutcome, MovementRefusal, RecordedMovement } from './stock/movement-outcome.js';
export type { RegisterMovementInput } from './stock/register-movement.js';
export type { ReverseMovementInput } from './stock/reverse-movement.js';
export type { StockWriteModelOptions } from './stock/stock-deps.js';
export { stockSnapshots } from './stock/stock-snapshots.js';
export { stockStream } from './stock/stock-stream.js';
export { createStockWriteModel, defineSupplyItem, type StockWriteModel } from './stock/stock-write-model.js';
export { isoInstant, metadataOf, type WriteContext } from './write-context.js';
