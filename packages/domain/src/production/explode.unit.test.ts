import { describe, expect, it } from 'vitest';
import { componente, givenBills, insumo } from '../../test/production/explosion.fixture.js';

describe('exploding a product through its bills of materials', () => {
  it('multiplies each level by the units the level above consumes (kit > shirt > fabric)', () => {
    const bills = givenBills({
      camiseta: [insumo('tecido', '1.2'), insumo('botao', 6)],
      kit: [componente('camiseta', 3), insumo('linha', 5)],
      caixa: [componente('kit', 2)],
    });
    expect(bills.whenExploded('caixa', '10')).toEqual({
      consumo: { tecido: '72', botao: '360', linha: '100' },
      semFicha: [],
    });
  });

  it('sums a supply item reached through two paths', () => {
    const bills = givenBills({
      manga: [insumo('tecido', '0.3'), insumo('linha', 10)],
      camiseta: [insumo('tecido', '1'), componente('manga', 2), insumo('linha', 20)],
    });
    expect(bills.whenExploded('camiseta', '4')).toEqual({
      consumo: { tecido: '6.4', linha: '160' },
      semFicha: [],
    });
  });

  it('consumes a line given in the purchase unit in the consumption unit', () => {
    // 0.02 rolls of 50 m is 1 m of fabric; 0.05 cones of 1000 m is 50 m of thread.
    const bills = givenBills({
      camiseta: [insumo('tecido', '0.02', { unidade: 'rolo' }), insumo('linha', '0.05', { unidade: 'cone' })],
    });
    expect(bills.whenExploded('camiseta', '3')).toEqual({
      consumo: { tecido: '3', linha: '150' },
      semFicha: [],
    });
  });

  it('adds perda_pct at every level, compounding down the components', () => {
    const bills = givenBills({
      camiseta: [insumo('tecido', 2, { perda_pct: '0.1' })],
      kit: [componente('camiseta', 1, { perda_pct: '0.5' }), insumo('botao', 4, { perda_pct: '0.25' })],
    });
    // kit × 10: 15 shirts (50 % loss), each 2 m + 10 % = 33 m; 4 buttons + 25 % = 50.
    expect(bills.whenExploded('kit', '10')).toEqual({ consumo: { tecido: '33', botao: '50' }, semFicha: [] });
  });

  it('names a product line whose component has no active bill and explodes the rest', () => {
    const bills = givenBills({ kit: [componente('bone', 2), insumo('botao', 1)] }, ['bone']);
    expect(bills.whenExploded('kit', '5')).toEqual({ consumo: { botao: '5' }, semFicha: ['bone'] });
  });

  it('names the product itself when it has no active bill', () => {
    expect(givenBills({}).whenExploded('camiseta', '1')).toEqual({ consumo: {}, semFicha: ['camiseta'] });
  });

  it('keeps exact decimals (no binary rounding)', () => {
    const bills = givenBills({ camiseta: [insumo('tecido', '0.1', { perda_pct: '0.03' })] });
    expect(bills.whenExploded('camiseta', '0.3')).toEqual({ consumo: { tecido: '0.0309' }, semFicha: [] });
  });
});

describe('the needs of a day plan', () => {
  it('sums per supply item and location, ordered by item then location, leaving out unknown components', () => {
    const bills = givenBills(
      {
        camiseta: [insumo('tecido', 1), insumo('botao', 2)],
        kit: [componente('camiseta', 2), componente('bone', 1)],
      },
      ['bone'],
    );
    expect(
      bills.whenPlanned([
        { produto_id: 'camiseta', quantidade: '1', local_id: 'B' },
        { produto_id: 'kit', quantidade: '3', local_id: 'A' },
        { produto_id: 'camiseta', quantidade: '4', local_id: 'A' },
      ]),
    ).toEqual([
      { insumo_id: 'botao', local_id: 'A', quantidade: '20' },
      { insumo_id: 'botao', local_id: 'B', quantidade: '2' },
      { insumo_id: 'tecido', local_id: 'A', quantidade: '10' },
      { insumo_id: 'tecido', local_id: 'B', quantidade: '1' },
    ]);
  });
});
