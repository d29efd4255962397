import type { Pool } from '@factory/database';
import type { PurchasesWriteModel } from '@factory/write-model';

/** What the purchases routes need: the pool (idempotency keys), the write model, the clock. */
export interface PurchasesRouteDeps {
  pool: Pool;
  purchases: PurchasesWriteModel;
  clock: () => Date;
}
