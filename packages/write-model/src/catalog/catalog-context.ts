import type { WriteContext } from '../write-context.js';

/** Who writes a catalog command, and what their token may see. */
export interface CatalogWriteContext extends WriteContext {
  /** The token holds `custos:ler`: without it the monetary inputs are refused. */
  canReadCosts: boolean;
  /**
   * Tells the commands of one request apart where ids derive from its Idempotency-Key (a
   * batch's item index); defaults to the command's name.
   */
  part?: string;
}
