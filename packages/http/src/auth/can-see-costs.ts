import type { AuthContext } from './auth-context.js';

/** Monetary fields are shown to, and accepted from, tokens with `custos:ler` only. */
export const canSeeCosts = (auth: Pick<AuthContext, 'escopos'>): boolean =>
  auth.escopos.includes('custos:ler');
