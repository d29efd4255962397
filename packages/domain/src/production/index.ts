export {
  type ActiveBills,
  type Explosion,
  type ExplosionLine,
  explode,
  type Need,
  needsOf,
  type ProductionLine,
} from './explode.js';
export { valueNeed } from './need-values.js';
export type { ItemDoPlanoInput, PlanoContext, SubstituirPlano } from './plan/commands.js';
export { decideSubstituirPlano, MAX_ITENS_PLANO, planoDecider } from './plan/decide-substituir-plano.js';
export type { ItemDoPlano, PlanoEvent, PlanoSubstituido } from './plan/events.js';
export { evolvePlano, initialPlanoState, type PlanoState } from './plan/state.js';
export type {
  ApontamentoCancelado,
  ApontamentoEvent,
  ApontamentoRegistrado,
  ConsumoDecidido,
} from './record/events.js';
export {
  decideCancelarApontamento,
  decideRegistrarApontamento,
  type PlannedRecord,
  type RegistrarApontamento,
  recordCancelled,
  recordRegistered,
} from './record/record.js';
export { type ApontamentoState, evolveApontamento, initialApontamentoState } from './record/state.js';
