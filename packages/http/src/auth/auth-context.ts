import type { AuthRecord } from '@factory/tenants';
import type { RateLimits } from '../rate-limit/rate-limiter.js';

/** What a route knows of the caller once authenticated. */
export interface AuthContext {
  tokenId: string;
  prefixo: string;
  nome: string;
  escopos: readonly string[];
  expiraEm: Date | null;
  empresa: AuthRecord['empresa'];
  limits: RateLimits;
}

/** Where token records come from and where their last use goes (the tenants repository). */
export interface TokenStore {
  findByHash(hash: Buffer): Promise<AuthRecord | null>;
  recordLastUse(uses: ReadonlyArray<{ tokenId: string; at: Date }>): Promise<void>;
}
