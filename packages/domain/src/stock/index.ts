export {
  acrossLocations,
  acrossLocationsExact,
  averageAfterInflow,
  averageAfterInflowReversal,
  type ExactLocationStock,
  type LocationStock,
} from './average-cost.js';
export {
  type Decision,
  type EstornarMovimento,
  INTERNAL_ORIGINS,
  type Refusal,
  type RegistrarMovimento,
  type StockCommand,
  type StockDecision,
  type StockError,
  validation,
} from './commands.js';
export { decideStock, stockDecider } from './decide.js';
export { decideEstornarMovimento } from './decide-estornar-movimento.js';
export { decideRegistrarMovimento } from './decide-registrar-movimento.js';
export {
  type InsumoDefinido,
  type MovimentoEstornado,
  type MovimentoFatos,
  type MovimentoRegistrado,
  ORIGENS,
  type Origem,
  STOCK_EVENT_TYPES,
  type StockEvent,
  type StockEventType,
  TIPOS_MOVIMENTO,
  type TipoMovimento,
} from './events.js';
export { COST_SCALE, Dec, type DecimalInput, type DecimalText, parseDecimal, toText } from './money.js';
export { fromSnapshot, type StockSnapshot, toSnapshot } from './snapshot.js';
export {
  evolveStock,
  hasMovements,
  type ItemDefinition,
  initialStockState,
  type LocationBalance,
  type MovementMemo,
  type StockFoldedEvent,
  type StockState,
} from './state.js';
export { TIPOS_MOVIMENTO_CLIENTE } from './validate-movement.js';
