import type { Pool } from '@factory/database';
import type { StockWriteModel } from '@factory/write-model';

/** What the stock routes need: the pool (idempotency keys), the write model and the clock. */
export interface StockRouteDeps {
  pool: Pool;
  stock: StockWriteModel;
  clock: () => Date;
  /**
   * True when the store's rows commit with the events: a movement's first attempt then inserts
   * its key's row in its own append instead of claiming the key first (withIdempotency's
   * firstAttemptUnclaimed). False: rows come after the commit, and keys are claimed first.
   */
  keysInsertedByAppend?: boolean;
}
