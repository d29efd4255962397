import { exact, text } from '@factory/domain/exact';
import { describe, expect, it } from 'vitest';
import { itemTotals, type LocationState } from './item-totals.js';

const at = (local: string, saldo: string, medio: string, em: string, bruto = medio): LocationState => ({
  localId: local,
  saldo: exact(saldo),
  custoMedio: exact(medio),
  custoMedioBruto: exact(bruto),
  movidoEm: em,
});

// The rule itself is the domain's (acrossLocations, tested there): this is its use on exact decimals.
describe('item totals on the roll-up decimals', () => {
  it('gives the domain rule its locations and returns exact decimals', () => {
    const totals = itemTotals([
      at('a', '10.5', '10.25', '2025-01-01T00:00:00Z', '11'),
      at('b', '30', '14', '2025-01-01T00:00:01Z', '15'),
      at('c', '-5', '99', '2025-01-01T00:00:02Z'),
    ]);
    expect(totals && [totals.saldo, totals.custoMedio, totals.custoMedioBruto].map(text)).toEqual([
      '35.5',
      '13.0277777777777778', // (10.5 × 10.25 + 30 × 14) / 40.5
      '13.962962962962963', // (10.5 × 11 + 30 × 15) / 40.5
    ]);
  });

  it('is null for an item that never moved', () => {
    expect(itemTotals([])).toBeNull();
  });
});
