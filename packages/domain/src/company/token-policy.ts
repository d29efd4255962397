// Token rules that need no storage: validity, situation, the per-company cap.

export const MAX_ACTIVE_TOKENS = 10;

/** Days of validity offered by the creation form; `sem` means no expiry. */
export const TOKEN_VALIDITIES = [30, 90, 365, 'sem'] as const;
export type TokenValidity = (typeof TOKEN_VALIDITIES)[number];
export const DEFAULT_TOKEN_VALIDITY: TokenValidity = 365;

const DAY_MS = 86_400_000;

export function isTokenValidity(v: unknown): v is TokenValidity {
  return (TOKEN_VALIDITIES as readonly unknown[]).includes(v);
}

/** Expiry instant of a token created at `now` with `validity`; null for no expiry. */
export function tokenExpiry(validity: TokenValidity, now: Date): Date | null {
  return validity === 'sem' ? null : new Date(now.getTime() + validity * DAY_MS);
}

export type TokenSituation = 'ativo' | 'vencido' | 'revogado' | 'sem dono';

export interface TokenState {
  revogadoEm: Date | null;
  expiraEm: Date | null;
  criadorAdmin: boolean;
}

/**
 * Precedence follows the order the API checks them: revoked and expired (401) before the
 * creator's loss of admin rights (403). A token expires at its `expiraEm` instant exactly.
 */
export function tokenSituation(token: TokenState, now: Date): TokenSituation {
  if (token.revogadoEm !== null) return 'revogado';
  if (token.expiraEm !== null && token.expiraEm.getTime() <= now.getTime()) return 'vencido';
  if (!token.criadorAdmin) return 'sem dono';
  return 'ativo';
}
