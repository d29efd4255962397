import { describe, expect, it } from 'vitest';
import { accessKeyCheckDigit, accessKeyProblem, buildAccessKey } from './access-key.js';

describe('access key', () => {
  it('computes the check digit of real keys (weights 2 to 9 from the right, remainder below 2 gives 0)', () => {
    expect(accessKeyCheckDigit('4318090692938300016355001000000026100001030')).toBe(1);
    expect(accessKeyCheckDigit('3517035871652300011955001000000030100000030')).toBe(0);
  });

  it('values a capital letter of the CNPJ as its char code minus 48', () => {
    const numeric = '431809AB12CD3400016355001000000026100001030';
    // 'A' is 17, 'B' 18 ...: the same sum as those values in place of the letters.
    let sum = 0;
    let weight = 2;
    for (let i = 42; i >= 0; i--) {
      sum += (numeric.charCodeAt(i) - 48) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const expected = sum % 11 < 2 ? 0 : 11 - (sum % 11);
    expect(accessKeyCheckDigit(numeric)).toBe(expected);
    expect(accessKeyProblem(`${numeric}${expected}`)).toBeNull();
    expect(accessKeyProblem(`${numeric.toLowerCase()}${expected}`)).not.toBeNull();
  });

  it('builds keys that pass and whose every one-character change fails', () => {
    const key = buildAccessKey({
      cUF: '35',
      aamm: '2603',
      cnpj: '11222333000181',
      modelo: 55,
      serie: 1,
      numero: 1234,
      tpEmis: 1,
      cNF: '00012345',
    });
    expect(key).toHaveLength(44);
    expect(accessKeyProblem(key)).toBeNull();
    for (let i = 0; i < 44; i++) {
      const changed = `${key.slice(0, i)}${(Number(key[i]) + 1) % 10}${key.slice(i + 1)}`;
      expect(accessKeyProblem(changed), `position ${i}`).not.toBeNull();
    }
  });
});
