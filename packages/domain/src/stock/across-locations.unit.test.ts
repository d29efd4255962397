import { describe, expect, it } from 'vitest';
import { acrossLocations, type LocationStock } from './average-cost.js';

const at = (
  localId: string,
  saldo: string,
  custoMedio: string,
  movidoEm: string,
  custoMedioBruto = custoMedio,
) => ({ localId, saldo, custoMedio, custoMedioBruto, movidoEm }) satisfies LocationStock;

describe('an item across its locations (the one rule for Insumo and estoque_itens)', () => {
  it('sums the balances and weighs the averages by the positive ones', () => {
    const totals = acrossLocations([
      at('a', '10', '10', '2025-01-01T00:00:00Z', '11'),
      at('b', '30', '14', '2025-01-01T00:00:01Z', '15'),
      at('c', '-5', '99', '2025-01-01T00:00:02Z'),
      at('d', '0', '50', '2025-01-01T00:00:03Z'),
    ]);
    expect(totals).toEqual({ saldo: '35', custoMedio: '13', custoMedioBruto: '14' });
  });

  it('rounds as every average does: 16 places, half to even', () => {
    const thirds = acrossLocations([
      at('a', '1', '1', '2025-01-01T00:00:00Z'),
      at('b', '2', '2', '2025-01-01T00:00:00Z'),
    ]);
    expect(thirds?.custoMedio).toBe('1.6666666666666667');
    // (1 × 1e-16 + 1 × 0) / 2 = 0.5e-16: a tie, to even (0); 1.5e-16 goes to 2e-16.
    const tie = (custo: string) =>
      acrossLocations([
        at('a', '1', custo, '2025-01-01T00:00:00Z'),
        at('b', '1', '0', '2025-01-01T00:00:00Z'),
      ])?.custoMedio;
    expect(tie('0.0000000000000001')).toBe('0');
    expect(tie('0.0000000000000003')).toBe('0.0000000000000002');
  });

  it('takes the location moved last when no balance is positive (later instant, then greater id)', () => {
    const totals = acrossLocations([
      at('a', '0', '5', '2025-01-01T00:00:09Z'),
      at('b', '-2', '7', '2025-01-01T00:00:01Z'),
      at('c', '0', '6', '2025-01-01T00:00:09.000+00:00'),
    ]);
    expect(totals).toEqual({ saldo: '-2', custoMedio: '6', custoMedioBruto: '6' });
  });

  it('is null for an item that never moved', () => {
    expect(acrossLocations([])).toBeNull();
  });
});
