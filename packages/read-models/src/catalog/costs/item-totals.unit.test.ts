import { describe, expect, it } from 'vitest';
import { exact, text } from './exact.js';
import { itemTotals, type LocationState } from './item-totals.js';

const at = (local: string, saldo: string, medio: string, em: string, bruto = medio): LocationState => ({
  localId: local,
  saldo: exact(saldo),
  custoMedio: exact(medio),
  custoMedioBruto: exact(bruto),
  movidoEm: em,
});
const shown = (totals: ReturnType<typeof itemTotals>) =>
  totals && {
    saldo: text(totals.saldo),
    medio: text(totals.custoMedio),
    bruto: text(totals.custoMedioBruto),
  };

describe('item totals across locations (the stock rule)', () => {
  it('weighs the averages by the positive balances', () => {
    const totals = itemTotals([
      at('a', '10', '10', '2025-01-01T00:00:00Z', '11'),
      at('b', '30', '14', '2025-01-01T00:00:01Z', '15'),
      at('c', '-5', '99', '2025-01-01T00:00:02Z'),
    ]);
    expect(shown(totals)).toEqual({ saldo: '35', medio: '13', bruto: '14' });
  });

  it('rounds to 16 places', () => {
    const totals = itemTotals([
      at('a', '1', '1', '2025-01-01T00:00:00Z'),
      at('b', '2', '2', '2025-01-01T00:00:00Z'),
    ]);
    expect(shown(totals)?.medio).toBe('1.6666666666666667');
  });

  it('takes the location moved last when no balance is positive (later instant, then greater id)', () => {
    const totals = itemTotals([
      at('a', '0', '5', '2025-01-01T00:00:09Z'),
      at('b', '-2', '7', '2025-01-01T00:00:01Z'),
      at('c', '0', '6', '2025-01-01T00:00:09.000+00:00'),
    ]);
    expect(shown(totals)).toEqual({ saldo: '-2', medio: '6', bruto: '6' });
  });

  it('is null for an item that never moved', () => {
    expect(itemTotals([])).toBeNull();
  });
});
