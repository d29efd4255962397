export {
  type ActiveBills,
  type Explosion,
  type ExplosionLine,
  explode,
  type Need,
  needsOf,
  type ProductionLine,
} from './explode.js';
