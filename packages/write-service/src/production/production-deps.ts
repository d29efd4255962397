import type { Pool } from '@factory/database';
import type { ProductionWriteModel } from '@factory/write-model';

/** What the production routes need: the pool (idempotency keys, needs), the write model, the clock. */
export interface ProductionRouteDeps {
  pool: Pool;
  production: ProductionWriteModel;
  clock: () => Date;
}
