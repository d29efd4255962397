import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, isValidCnpj, isValidCpf, onlyDigits } from './cnpj.js';

const digit = fc.integer({ min: 0, max: 9 });
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));
const notAllSame = (s: string) => !/^(\d)\1*$/.test(s);

describe('isValidCnpj', () => {
  it('accepts known valid CNPJs', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11444777000161')).toBe(true);
  });

  it('accepts any 12 digits followed by their computed check digits', () => {
    fc.assert(
      fc.property(digits(12).filter(notAllSame), (base) => isValidCnpj(base + cnpjCheckDigits(base))),
    );
  });

  // Modulo 11 maps remainders 0 and 1 both to check digit 0, so when the first check digit is 0
  // about one single-digit change in 3,000 keeps the id valid (28631373437600 and 08631373437600
  // both pass); the property holds for every other base, and the collision is pinned below.
  it('refuses a valid CNPJ with any one digit changed, when the first check digit is not 0', () => {
    fc.assert(
      fc.property(
        digits(12).filter((base) => notAllSame(base) && !cnpjCheckDigits(base).startsWith('0')),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const valid = base + cnpjCheckDigits(base);
          const changed = (Number(valid[position]) + delta) % 10;
          const mutated = valid.slice(0, position) + changed + valid.slice(position + 1);
          return !isValidCnpj(mutated);
        },
      ),
    );
  });

  it('shares the arithmetic weakness of the official algorithm', () => {
    expect(isValidCnpj('28631373437600')).toBe(true);
    expect(isValidCnpj('08631373437600')).toBe(true);
  });

  it('refuses same-digit ids, wrong lengths and punctuation', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14))).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001811')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });
});

describe('isValidCpf', () => {
  it('accepts a known valid CPF and refuses a changed check digit', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224726')).toBe(false);
  });

  it('shares the arithmetic weakness of the official algorithm', () => {
    expect(isValidCnpj('28631373437600')).toBe(true);
    expect(isValidCnpj('08631373437600')).toBe(true);
  });

  it('refuses same-digit ids and wrong lengths', () => {
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529.982.247-25')).toBe(false);
  });
});

describe('onlyDigits', () => {
  it('drops punctuation and spaces', () => {
    expect(onlyDigits(' 11.222.333/0001-81 ')).toBe('11222333000181');
  });
});
