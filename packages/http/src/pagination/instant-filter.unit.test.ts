import { describe, expect, it } from 'vitest';
import { isInstantWithOffset } from '../params/fields.js';
import { instantFilterUtc } from './instant-filter.js';

describe('instantFilterUtc', () => {
  it('shifts by the offset and keeps every fraction digit', () => {
    expect(instantFilterUtc('2025-03-01T09:00:00.1234567-03:00')).toBe('2025-03-01T12:00:00.1234567Z');
    expect(instantFilterUtc('2025-03-01T12:00Z')).toBe('2025-03-01T12:00:00Z');
    expect(instantFilterUtc('2025-03-01T02:30:05+0230')).toBe('2025-03-01T00:00:05Z');
    expect(instantFilterUtc('2025-01-01T00:00:00+18:00')).toBe('2024-12-31T06:00:00Z');
  });

  it('crosses day and year boundaries', () => {
    expect(instantFilterUtc('2024-12-31T23:30:00.5-01:00')).toBe('2025-01-01T00:30:00.5Z');
    expect(instantFilterUtc('2024-02-29T00:00:00+00:01')).toBe('2024-02-28T23:59:00Z');
  });

  it('turns instants beyond what PostgreSQL stores into infinities', () => {
    const late = '9999-12-31T23:59:59-18:00';
    expect(isInstantWithOffset(late)).toBe(true);
    expect(instantFilterUtc(late)).toBe('infinity');
  });
});
