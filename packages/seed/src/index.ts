export { type BillLinePlan, type CatalogPlan, planCatalog } from './catalog-plan.js';
export { DEMO_HISTORY, seedDemoHistory } from './demo-history.js';
export { type MovementPlan, planMovements } from './movement-plan.js';
export { Random } from './random.js';
export { historyWindow } from './seed-window.js';
export {
  type HistorySize,
  plannedCommands,
  type SemearOptions,
  type SemearResult,
  semear,
} from './semear.js';
