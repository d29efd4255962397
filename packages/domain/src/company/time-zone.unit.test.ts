import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isValidTimeZone, isValidTurnHour } from './time-zone.js';

describe('isValidTimeZone', () => {
  it('accepts IANA zone names', () => {
    expect(isValidTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
  });

  it('refuses unknown names, offsets and empty text', () => {
    expect(isValidTimeZone('America/Atlantis')).toBe(false);
    expect(isValidTimeZone('-03:00')).toBe(false);
    expect(isValidTimeZone('+03:00')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('gives the canonical spelling', () => {
    expect(canonicalTimeZone('america/sao_paulo')).toBe('America/Sao_Paulo');
  });
});

describe('isValidTurnHour', () => {
  it('accepts HH:MM on a 24-hour clock', () => {
    for (const v of ['00:00', '05:00', '09:59', '23:59']) expect(isValidTurnHour(v)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const v of ['24:00', '5:00', '05:60', '05:00:00', '0500', ' 05:00', ''])
      expect(isValidTurnHour(v)).toBe(false);
  });
});
