import type { Pool } from '@factory/database';
import type { StockWriteModel } from '@factory/write-model';

/** What the stock routes need: the pool (idempotency keys), the write model and the clock. */
export interface StockRouteDeps {
  pool: Pool;
  stock: StockWriteModel;
  clock: () => Date;
}
