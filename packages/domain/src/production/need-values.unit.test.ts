import { describe, expect, it } from 'vitest';
import { valueNeed } from './need-values.js';

describe('valuing a need', () => {
  it('lacks what the balance does not cover, never less than 0, and costs at the average, to centavos', () => {
    expect(valueNeed('10', '4', '2.5')).toEqual({ falta: '6', custo: '25' });
    expect(valueNeed('3', '4', '0.1')).toEqual({ falta: '0', custo: '0.3' });
    expect(valueNeed('1', '0', '0.125')).toEqual({ falta: '1', custo: '0.13' });
    expect(valueNeed('3', '-2', '1')).toEqual({ falta: '5', custo: '3' });
  });
});
