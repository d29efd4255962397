import { describe, expect, it } from 'vitest';
import {
  AGORA,
  given,
  history,
  INSUMO,
  insumoDefinido,
  insumoExcluido,
  LOCAL,
  OUTRO_LOCAL,
  registrar,
} from '../../test/stock/stock.fixture.js';

const refused = (kind: string, campo?: string) => ({
  ok: false,
  error: expect.objectContaining(campo === undefined ? { kind } : { kind, campo }),
});

describe('registering a stock movement', () => {
  it('records an entry into an empty location with its facts and the location after it', () => {
    const decision = given(insumoDefinido()).when(
      registrar('m1', { quantidade: 10, custo_unitario: 2.5, referencia: 'NF 12', motivo: 'compra' }),
    );
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          type: 'MovimentoRegistrado.v1',
          data: {
            movimento_id: 'm1',
            insumo_id: INSUMO,
            local_id: LOCAL,
            tipo: 'entrada_manual',
            quantidade: '10',
            unidade: 'm',
            custo_unitario: '2.5',
            custo_unitario_bruto: '2.5',
            referencia: 'NF 12',
            motivo: 'compra',
            origem: 'api',
            saldo: '10',
            custo_medio: '2.5',
            custo_medio_bruto: '2.5',
            criado_em: AGORA,
          },
        },
      ],
    });
  });

  it('averages an entry with the balance it joins', () => {
    const events = history(registrar('m1', { quantidade: 10, custo_unitario: 2 }));
    const decision = given(...events).when(registrar('m2', { quantidade: 30, custo_unitario: '4' }));
    expect(decision).toMatchObject({ ok: true, events: [{ data: { saldo: '40', custo_medio: '3.5' } }] });
  });

  it('values an outflow at the average and keeps the average', () => {
    const events = history(registrar('m1', { quantidade: 3, custo_unitario: 10 }));
    const decision = given(...events).when(registrar('m2', { tipo: 'perda', quantidade: -1 }));
    expect(decision).toMatchObject({
      ok: true,
      events: [{ data: { quantidade: '-1', custo_unitario: '10', saldo: '2', custo_medio: '10' } }],
    });
  });

  it('values an entry without a cost at the location average, else the reference cost, else 0', () => {
    const withBalance = history(registrar('m1', { quantidade: 4, custo_unitario: 7 }));
    expect(given(...withBalance).when(registrar('m2', { quantidade: 4 }))).toMatchObject({
      events: [{ data: { custo_unitario: '7', custo_medio: '7', saldo: '8' } }],
    });
    const withReference = insumoDefinido({ custo_referencia: '1.25' });
    expect(given(withReference).when(registrar('m2', { quantidade: 4 }))).toMatchObject({
      events: [{ data: { custo_unitario: '1.25', custo_medio: '1.25' } }],
    });
    expect(given(insumoDefinido()).when(registrar('m2', { quantidade: 4 }))).toMatchObject({
      events: [{ data: { custo_unitario: '0', custo_medio: '0', custo_medio_bruto: '0' } }],
    });
  });

  it('allows negative balances, and an entry on a balance <= 0 takes its own cost as the average', () => {
    const events = history(
      registrar('m1', { quantidade: 2, custo_unitario: 5 }),
      registrar('m2', { tipo: 'perda', quantidade: -6 }),
    );
    expect(events.at(-1)).toMatchObject({ data: { saldo: '-4', custo_medio: '5', custo_unitario: '5' } });
    expect(given(...events).when(registrar('m3', { quantidade: 10, custo_unitario: 8 }))).toMatchObject({
      events: [{ data: { saldo: '6', custo_medio: '8' } }],
    });
  });

  it('converts a quantity and cost given in the purchase unit', () => {
    const decision = given(insumoDefinido()).when(
      registrar('m1', { quantidade: '2', unidade: 'rolo', custo_unitario: '100' }),
    );
    expect(decision).toMatchObject({
      events: [{ data: { quantidade: '100', unidade: 'm', custo_unitario: '2', saldo: '100' } }],
    });
  });

  it('rounds a converted unit cost to 16 places, half to even', () => {
    const decision = given(insumoDefinido({ fator_conversao: '3' })).when(
      registrar('m1', { quantidade: 1, unidade: 'rolo', custo_unitario: 10 }),
    );
    expect(decision).toMatchObject({
      events: [{ data: { quantidade: '3', custo_unitario: '3.3333333333333333' } }],
    });
  });

  it('keeps decimal quantities exact', () => {
    const events = history(registrar('m1', { quantidade: 0.1 }), registrar('m2', { quantidade: '0.2' }));
    expect(events.at(-1)).toMatchObject({ data: { saldo: '0.3' } });
  });

  it('accepts saldo_inicial only as the first movement of the item in that location', () => {
    const events = history(registrar('m1', { tipo: 'saldo_inicial', quantidade: 5, custo_unitario: 1 }));
    expect(given(...events).when(registrar('m2', { tipo: 'saldo_inicial', quantidade: 5 }))).toEqual(
      refused('conflict'),
    );
    const elsewhere = registrar('m2', { tipo: 'saldo_inicial', quantidade: 5, local_id: OUTRO_LOCAL });
    expect(given(...events).when(elsewhere)).toMatchObject({ ok: true });
  });

  it('accepts the internal types and a bruto cost only from internal origins', () => {
    const nfe = registrar('m1', {
      tipo: 'entrada_nfe',
      origem: 'nfe',
      quantidade: 10,
      custo_unitario: 9,
      custo_unitario_bruto: 11,
    });
    expect(given(insumoDefinido()).when(nfe)).toMatchObject({
      events: [{ data: { custo_unitario: '9', custo_unitario_bruto: '11', custo_medio_bruto: '11' } }],
    });
    const baixa = registrar('m1', { tipo: 'baixa_producao', origem: 'producao', quantidade: -1 });
    expect(given(insumoDefinido()).when(baixa)).toMatchObject({ ok: true });
    for (const origem of ['api', 'tela'] as const) {
      expect(given(insumoDefinido()).when({ ...nfe, data: { ...nfe.data, origem } })).toEqual(
        refused('validation', 'tipo'),
      );
      const bruto = registrar('m1', { origem, quantidade: 1, custo_unitario: 1, custo_unitario_bruto: 2 });
      expect(given(insumoDefinido()).when(bruto)).toEqual(refused('validation', 'custo_unitario_bruto'));
    }
  });

  it.each([
    [{ tipo: 'estorno' }, 'tipo'],
    [{ tipo: 'transferencia' }, 'tipo'],
    [{ local_id: '' }, 'local_id'],
    [{ quantidade: 0 }, 'quantidade'],
    [{ quantidade: '-0' }, 'quantidade'],
    [{ quantidade: 'abc' }, 'quantidade'],
    [{ quantidade: '0x10' }, 'quantidade'],
    [{ quantidade: Number.NaN }, 'quantidade'],
    [{ quantidade: '1e13' }, 'quantidade'],
    [{ tipo: 'entrada_manual', quantidade: -1 }, 'quantidade'],
    [{ tipo: 'saldo_inicial', quantidade: -1 }, 'quantidade'],
    [{ tipo: 'perda', quantidade: 1 }, 'quantidade'],
    [{ tipo: 'baixa_producao', origem: 'producao', quantidade: 1 }, 'quantidade'],
    [{ unidade: 'kg' }, 'unidade'],
    [{ custo_unitario: -0.01 }, 'custo_unitario'],
    [{ custo_unitario: 'x' }, 'custo_unitario'],
    [{ tipo: 'ajuste', quantidade: -2, custo_unitario: 1 }, 'custo_unitario'],
    [{ origem: 'nfe', custo_unitario_bruto: 1 }, 'custo_unitario_bruto'],
    [{ origem: 'nfe', custo_unitario: 1, custo_unitario_bruto: -1 }, 'custo_unitario_bruto'],
    [{ referencia: 'r'.repeat(201) }, 'referencia'],
    [{ motivo: 'm'.repeat(501) }, 'motivo'],
  ] as const)('refuses %j on %s', (fields, campo) => {
    const decision = given(insumoDefinido()).when(registrar('m1', fields));
    expect(decision).toEqual(refused('validation', campo));
    if (!decision.ok) expect(decision.error).toMatchObject({ mensagem: expect.any(String) });
  });

  it('refuses an item it has no definition of', () => {
    expect(given().when(registrar('m1'))).toEqual(refused('not_found', 'insumo_id'));
    expect(given(insumoDefinido({ insumo_id: 'outro' })).when(registrar('m1'))).toEqual(
      refused('not_found', 'insumo_id'),
    );
  });

  it('refuses a deleted item like an unknown one, on insumo_id, whatever the movement', () => {
    const deleted = [...history(registrar('m1', { quantidade: 3 })), insumoExcluido()];
    for (const command of [
      registrar('m2'),
      registrar('m2', { tipo: 'perda', quantidade: -1 }),
      registrar('m2', { tipo: 'saldo_inicial', local_id: OUTRO_LOCAL }),
    ]) {
      expect(given(...deleted).when(command)).toEqual({
        ok: false,
        error: { kind: 'not_found', campo: 'insumo_id', mensagem: 'o insumo foi excluído' },
      });
    }
  });

  it('keeps refusing a deleted item after a later definition of it', () => {
    const events = [insumoDefinido(), insumoExcluido(), insumoDefinido({ custo_referencia: '3' })];
    expect(given(...events).when(registrar('m1'))).toEqual(refused('not_found', 'insumo_id'));
  });

  it('refuses a movement id already used', () => {
    const events = history(registrar('m1'));
    expect(given(...events).when(registrar('m1'))).toEqual(refused('conflict'));
  });
});
