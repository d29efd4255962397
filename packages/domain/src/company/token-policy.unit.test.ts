import { describe, expect, it } from 'vitest';
import { isValidSkuPrefix } from './sku-prefix.js';
import { isTokenValidity, tokenExpiry, tokenSituation } from './token-policy.js';

const now = new Date('2025-03-01T12:00:00Z');
const live = { revogadoEm: null, expiraEm: null, criadorAdmin: true };

describe('tokenExpiry', () => {
  it('adds whole days, or none for sem', () => {
    expect(tokenExpiry(30, now)).toEqual(new Date('2025-03-31T12:00:00Z'));
    expect(tokenExpiry(365, now)).toEqual(new Date('2026-03-01T12:00:00Z'));
    expect(tokenExpiry('sem', now)).toBeNull();
  });

  it('knows the offered validities only', () => {
    expect(isTokenValidity(90)).toBe(true);
    expect(isTokenValidity(60)).toBe(false);
    expect(isTokenValidity('90')).toBe(false);
  });
});

describe('tokenSituation', () => {
  it('is ativo for a live token of an admin', () => {
    expect(tokenSituation(live, now)).toBe('ativo');
    expect(tokenSituation({ ...live, expiraEm: new Date(now.getTime() + 1) }, now)).toBe('ativo');
  });

  it('is vencido from the expiry instant on', () => {
    expect(tokenSituation({ ...live, expiraEm: now }, now)).toBe('vencido');
  });

  it('puts revogado before vencido before sem dono', () => {
    const all = { revogadoEm: now, expiraEm: now, criadorAdmin: false };
    expect(tokenSituation(all, now)).toBe('revogado');
    expect(tokenSituation({ ...all, revogadoEm: null }, now)).toBe('vencido');
    expect(tokenSituation({ ...all, revogadoEm: null, expiraEm: null }, now)).toBe('sem dono');
  });
});

describe('isValidSkuPrefix', () => {
  it('takes short runs of letters, digits and hyphens', () => {
    expect(isValidSkuPrefix('DEMO')).toBe(true);
    expect(isValidSkuPrefix('AB-1')).toBe(true);
    expect(isValidSkuPrefix('')).toBe(false);
    expect(isValidSkuPrefix('-AB')).toBe(false);
    expect(isValidSkuPrefix('A B')).toBe(false);
    expect(isValidSkuPrefix('A'.repeat(16))).toBe(false);
  });
});
