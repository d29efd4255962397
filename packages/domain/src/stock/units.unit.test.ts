import { describe, expect, it } from 'vitest';
import { dec, parseDecimal, toText } from './money.js';
import type { ItemDefinition } from './state.js';
import { toConsumptionUnit } from './units.js';

const item: ItemDefinition = {
  insumoId: 'i',
  sku: 'S',
  unidadeCompra: 'cx',
  unidadeConsumo: 'un',
  fatorConversao: '12',
  custoReferencia: null,
};
const given = { quantidade: dec('2.5'), custoUnitario: dec('30'), custoUnitarioBruto: null };

describe('units and decimals', () => {
  it('leaves amounts in the consumption unit, or without a unit, as they are', () => {
    expect(toConsumptionUnit(item, 'un', given)).toBe(given);
    expect(toConsumptionUnit(item, undefined, given)).toBe(given);
    expect(toConsumptionUnit(item, null, given)).toBe(given);
  });

  it('multiplies quantities and divides costs by the factor for the purchase unit', () => {
    const converted = toConsumptionUnit(item, 'cx', given);
    expect(converted?.quantidade.toFixed()).toBe('30');
    expect(converted?.custoUnitario?.toFixed()).toBe('2.5');
    expect(converted?.custoUnitarioBruto).toBeNull();
  });

  it('knows no other unit', () => {
    expect(toConsumptionUnit(item, 'kg', given)).toBeNull();
  });

  it('parses JSON numbers and decimal text, nothing else', () => {
    expect(parseDecimal(0.1)?.toFixed()).toBe('0.1');
    expect(parseDecimal('1e-7')?.toFixed()).toBe('0.0000001');
    expect(parseDecimal('-.5')?.toFixed()).toBe('-0.5');
    for (const bad of [
      '',
      ' 1',
      '0x1F',
      '0b1',
      'NaN',
      'Infinity',
      '1,5',
      '1e1000',
      Number.POSITIVE_INFINITY,
      {},
    ]) {
      expect(parseDecimal(bad)).toBeNull();
    }
  });

  it('writes canonical decimal text', () => {
    expect(toText(dec('-0'))).toBe('0');
    expect(toText(dec('1.500'))).toBe('1.5');
    expect(toText(dec('1e21'))).toBe('1000000000000000000000');
  });
});
