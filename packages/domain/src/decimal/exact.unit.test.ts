import { describe, expect, it } from 'vitest';
import { compare, exact, plus, round, text, times } from './exact.js';

const t = (value: ReturnType<typeof exact>) => text(value);

describe('exact decimals', () => {
  it('reads canonical and PostgreSQL decimal text, exponent notation too', () => {
    expect(t(exact('12.500'))).toBe('12.5');
    expect(t(exact('-0.0'))).toBe('0');
    expect(t(exact('.5'))).toBe('0.5');
    expect(t(exact('1.5e3'))).toBe('1500');
    expect(t(exact('25e-4'))).toBe('0.0025');
    expect(() => exact('abc')).toThrow(RangeError);
    expect(() => exact('')).toThrow(RangeError);
  });

  it('adds and multiplies without losing a digit', () => {
    expect(t(plus(exact('0.1'), exact('0.2')))).toBe('0.3');
    expect(t(times(exact('0.84'), exact('12.1234567890123456')))).toBe('10.183703702770370304');
    expect(compare(exact('1.10'), exact('1.1'))).toBe(0);
    expect(compare(exact('-2'), exact('1'))).toBe(-1);
  });

  it('rounds half away from zero, like round(numeric, n)', () => {
    expect(t(round(exact('0.125'), 2))).toBe('0.13');
    expect(t(round(exact('0.1249999'), 2))).toBe('0.12');
    expect(t(round(exact('-0.125'), 2))).toBe('-0.13');
    expect(t(round(exact('2.5'), 0))).toBe('3');
    expect(t(round(exact('1.2'), 4))).toBe('1.2');
  });
});
