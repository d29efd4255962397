import { describe, expect, it } from 'vitest';
import { DEFAULT_UNITS } from './units.js';

describe('DEFAULT_UNITS', () => {
  it('is the list of writes.md, without repeats', () => {
    expect(DEFAULT_UNITS).toEqual([
      'un',
      'pc',
      'par',
      'cx',
      'kg',
      'g',
      'mg',
      't',
      'l',
      'ml',
      'm',
      'cm',
      'mm',
      'm2',
      'm3',
      'rolo',
      'folha',
    ]);
    expect(new Set(DEFAULT_UNITS).size).toBe(DEFAULT_UNITS.length);
  });
});
