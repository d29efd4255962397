import type { Pool } from '@factory/database';

/** What the stabilised lists need besides the pool. */
export interface ListDeps {
  pool: Pool;
  /** STABILIZATION_WINDOW_SECONDS: lists show rows older than min(now, watermark) - window. */
  windowSeconds: number;
  /** `now` of the cut; injectable so tests move time by hand. */
  clock: () => Date;
}
