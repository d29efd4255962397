import { describe, expect, it } from 'vitest';
import { dec } from '../stock/money.js';
import {
  type BillCostLine,
  type CostRollupInput,
  rollUpCosts,
  roundForPresentation,
  type SupplyItemCosts,
  supplyItemUnitCost,
} from './cost-rollup.js';

const insumo = (insumo_id: string, consumo: string, perda_pct = '0'): BillCostLine => ({
  tipo: 'insumo',
  insumo_id,
  componente_id: null,
  consumo,
  perda_pct,
});
const produto = (componente_id: string, consumo: string, perda_pct = '0'): BillCostLine => ({
  tipo: 'produto',
  insumo_id: null,
  componente_id,
  consumo,
  perda_pct,
});
const costs = (
  custo_medio: string | null,
  custo_medio_bruto: string | null,
  custo_referencia: string | null,
) => ({
  custo_medio,
  custo_medio_bruto,
  custo_referencia,
});

// Three levels: kit → camiseta → gola, with supply items valued at their average, at their
// reference cost (no balance) and at nothing; a component valued by its custo_manual, and
// one with neither bill nor manual cost.
const input: CostRollupInput = {
  supplyItems: new Map<string, SupplyItemCosts>([
    ['tecido', costs('2.5', '2.8', '3')],
    ['linha', costs(null, null, '0.1')],
    ['etiqueta', costs(null, null, null)],
  ]),
  products: new Map([
    ['gola', { custo_manual: '99' }],
    ['camiseta', { custo_manual: null }],
    ['kit', { custo_manual: null }],
    ['botao', { custo_manual: '0.333' }],
    ['embalagem', { custo_manual: null }],
  ]),
  bills: new Map([
    // 0.2 × 1.1 × 2.5 + 3 × 0.1 = 0.85; bruto 0.2 × 1.1 × 2.8 + 0.3 = 0.916
    ['gola', [insumo('tecido', '0.2', '0.1'), insumo('linha', '3')]],
    // 1.2 × 1.05 × 2.5 + 0.85 + 0 + 3 × 0.333 = 4.999; bruto 3.528 + 0.916 + 0.999 = 5.443
    [
      'camiseta',
      [insumo('tecido', '1.2', '0.05'), produto('gola', '1'), insumo('etiqueta', '1'), produto('botao', '3')],
    ],
    // 2 × 1.02 × 4.999 + 0 = 10.19796; bruto 2 × 1.02 × 5.443 = 11.10372
    ['kit', [produto('camiseta', '2', '0.02'), produto('embalagem', '1')]],
  ]),
};

describe('cost roll-up', () => {
  const result = rollUpCosts(input);

  it('computes a three-level bill by hand', () => {
    expect(result.get('gola')).toEqual({
      custo_ficha: '0.85',
      custo_ficha_bruto: '0.92',
      custo: '0.85',
      exato: { custo: '0.85', bruto: '0.916' },
    });
    expect(result.get('camiseta')).toEqual({
      custo_ficha: '5',
      custo_ficha_bruto: '5.44',
      custo: '4.999',
      exato: { custo: '4.999', bruto: '5.443' },
    });
    expect(result.get('kit')).toEqual({
      custo_ficha: '10.2',
      custo_ficha_bruto: '11.1',
      custo: '10.198',
      exato: { custo: '10.19796', bruto: '11.10372' },
    });
  });

  it('gives null costs to products without an active bill', () => {
    const none = { custo_ficha: null, custo_ficha_bruto: null, custo: null, exato: null };
    expect(result.get('botao')).toEqual(none);
    expect(result.get('embalagem')).toEqual(none);
  });

  it('passes a component on at its unrounded cost and rounds half up only at presentation', () => {
    const tiny: CostRollupInput = {
      supplyItems: new Map([['po', costs('0.005', '0.125', null)]]),
      products: new Map(),
      bills: new Map([
        ['pitada', [insumo('po', '1')]],
        ['lote', [produto('pitada', '100')]],
      ]),
    };
    const costsOf = rollUpCosts(tiny);
    // 0.005 shows as 0.01 (half up, not half even), but the batch of 100 costs 0.50, not 1.00.
    expect(costsOf.get('pitada')).toMatchObject({
      custo_ficha: '0.01',
      custo_ficha_bruto: '0.13',
      custo: '0.005',
    });
    expect(costsOf.get('lote')).toMatchObject({
      custo_ficha: '0.5',
      custo_ficha_bruto: '12.5',
      custo: '0.5',
    });
  });

  it('rounds the Ficha cost to 4 places and product costs to 2, half away from zero', () => {
    expect(roundForPresentation(dec('1.23445'), 4)).toBe('1.2345');
    expect(roundForPresentation(dec('1.23444'), 4)).toBe('1.2344');
    expect(roundForPresentation(dec('2.675'), 2)).toBe('2.68');
    expect(roundForPresentation(dec('2.665'), 2)).toBe('2.67');
  });

  it('values a supply item at its average, else its reference cost, else 0', () => {
    expect(supplyItemUnitCost(costs('2', '2.2', '9'))).toEqual({ custo: dec('2'), bruto: dec('2.2') });
    expect(supplyItemUnitCost(costs(null, null, '9'))).toEqual({ custo: dec('9'), bruto: dec('9') });
    expect(supplyItemUnitCost(costs(null, null, null))).toEqual({ custo: dec('0'), bruto: dec('0') });
    expect(supplyItemUnitCost(undefined)).toEqual({ custo: dec('0'), bruto: dec('0') });
  });

  it('throws on a cycle of bills (the deciders refuse them; concurrent writes could close one)', () => {
    const cyclic: CostRollupInput = {
      supplyItems: new Map(),
      products: new Map(),
      bills: new Map([
        ['a', [produto('b', '1')]],
        ['b', [produto('c', '1')]],
        ['c', [produto('a', '1')]],
      ]),
    };
    expect(() => rollUpCosts(cyclic)).toThrow(/ciclo/);
  });
});
