import { describe, expect, it } from 'vitest';
import { parseInstant } from './parse-instant.js';

describe('parseInstant', () => {
  it('reads any offset and fractions of a second', () => {
    expect(parseInstant('2030-01-02T03:04:05Z')).toEqual(new Date('2030-01-02T03:04:05Z'));
    expect(parseInstant('2030-01-02T03:04:05.123456-03:00')).toEqual(new Date('2030-01-02T06:04:05.123Z'));
    expect(parseInstant('2030-01-02T03:04+02:00')).toEqual(new Date('2030-01-02T01:04:00Z'));
    expect(parseInstant('2028-02-29T00:00:00Z')).toEqual(new Date('2028-02-29T00:00:00Z'));
  });

  it('refuses a missing offset, impossible dates and plain text', () => {
    for (const text of [
      '2030-01-02T03:04:05',
      '2030-01-02',
      '2030-02-30T00:00:00Z',
      '2029-02-29T00:00:00Z',
      '2030-13-01T00:00:00Z',
      '2030-01-01T24:00:00Z',
      '2030-01-01T10:00:60Z',
      '2030-01-01T10:00:00+24:00',
      '2030-01-01 10:00:00Z',
      'amanhã',
      '',
    ])
      expect(parseInstant(text), text).toBeNull();
  });
});
