import { expect, it } from 'vitest';
import { lineKey } from './line-key.js';

it('derives one key per origin, line and content, within the contract', () => {
  const fields = ['i', 'l', 'entrada_manual', '10'];
  const key = lineKey('movimentos.csv', 2, fields);
  expect(key).toMatch(/^[A-Za-z0-9_.:-]{1,100}$/);
  expect(lineKey('movimentos.csv', 2, [...fields])).toBe(key);
  expect(lineKey('movimentos.csv', 3, fields)).not.toBe(key);
  expect(lineKey('outro.csv', 2, fields)).not.toBe(key);
  expect(lineKey('movimentos.csv', 2, ['i', 'l', 'entrada_manual', '11'])).not.toBe(key);
  // Field boundaries count: "a,bc" is not "ab,c".
  expect(lineKey('o', 2, ['a', 'bc'])).not.toBe(lineKey('o', 2, ['ab', 'c']));
});
