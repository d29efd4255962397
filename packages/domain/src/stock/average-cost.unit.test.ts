import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageAfterInflow, averageAfterInflowReversal } from './average-cost.js';
import { dec, toText } from './money.js';

const inflow = (s: string, a: string, q: string, c: string) =>
  toText(averageAfterInflow(dec(s), dec(a), dec(q), dec(c)));
const reversal = (s: string, a: string, q: string, c: string) =>
  toText(averageAfterInflowReversal(dec(s), dec(a), dec(q), dec(c)));

describe('average cost', () => {
  it('weights an inflow on a positive balance', () => {
    expect(inflow('10', '2', '30', '4')).toBe('3.5');
  });

  it('takes the inflow cost on a balance of zero or below', () => {
    expect(inflow('0', '2', '5', '7')).toBe('7');
    expect(inflow('-3', '2', '5', '7')).toBe('7');
    expect(inflow('-3', '2', '2', '7')).toBe('7');
  });

  it('rounds to 16 places, half to even', () => {
    expect(inflow('1', '0', '2', '1')).toBe('0.6666666666666667');
    expect(inflow('1', '0', '1', '0.0000000000000001')).toBe('0'); // 0.5e-16: tie, to even (0)
    expect(inflow('1', '0.0000000000000001', '1', '0.0000000000000002')).toBe('0.0000000000000002'); // 1.5e-16: tie, to even
    expect(inflow('1', '0', '1', '0.00000000000000015')).toBe('0.0000000000000001'); // 0.75e-16: nearest
  });

  it('undoes an inflow exactly when nothing happened in between', () => {
    const after = inflow('7', '1.3', '3', '2.9');
    expect(reversal('10', after, '3', '2.9')).toBe('1.3');
  });

  it('keeps the average when the reversal leaves nothing or less', () => {
    expect(reversal('3', '2', '3', '9')).toBe('2');
    expect(reversal('1', '2', '3', '9')).toBe('2');
  });

  it('floors at zero when the value cannot cover the reversal', () => {
    expect(reversal('10', '1', '5', '5')).toBe('0');
  });
});

describe('average cost, properties', () => {
  const amount = (max: number, places: number) =>
    fc.integer({ min: 1, max: max * 10 ** places }).map((n) => (n / 10 ** places).toFixed(places));
  const cost = fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 10_000).toFixed(4));

  it('stays between the old average and the entry cost', () => {
    fc.assert(
      fc.property(amount(10_000, 3), cost, amount(10_000, 3), cost, (s, a, q, c) => {
        const average = dec(inflow(s, a, q, c));
        const [low, high] = dec(a).lt(c) ? [dec(a), dec(c)] : [dec(c), dec(a)];
        expect(average.gte(low) && average.lte(high)).toBe(true);
      }),
    );
  });

  it('comes back to the old average, within rounding, when an entry is reversed', () => {
    fc.assert(
      fc.property(amount(10_000, 3), cost, amount(10_000, 3), cost, (s, a, q, c) => {
        const after = inflow(s, a, q, c);
        const back = dec(reversal(dec(s).plus(q).toFixed(), after, q, c));
        const bound = dec(s).plus(q).div(s).times('1e-16');
        expect(back.minus(a).abs().lte(bound)).toBe(true);
      }),
    );
  });
});
