import { describe, expect, it } from 'vitest';
import {
  AGORA,
  estornar,
  given,
  history,
  INSUMO,
  insumoDefinido,
  insumoExcluido,
  LOCAL,
  OUTRO_LOCAL,
  registrar,
} from '../../test/stock/stock.fixture.js';

describe('reversing a stock movement', () => {
  it('takes an entry back out at its own cost, restoring the average it changed', () => {
    const events = history(
      registrar('m1', { quantidade: 10, custo_unitario: 2 }),
      registrar('m2', { quantidade: 10, custo_unitario: 4 }),
    );
    expect(
      given(...events).when(estornar('e1', 'm2', { motivo: 'lançado em dobro', origem: 'tela' })),
    ).toEqual({
      ok: true,
      events: [
        {
          type: 'MovimentoEstornado.v1',
          data: {
            movimento_id: 'e1',
            insumo_id: INSUMO,
            local_id: LOCAL,
            tipo: 'estorno',
            estornado_id: 'm2',
            quantidade: '-10',
            unidade: 'm',
            custo_unitario: '4',
            custo_unitario_bruto: '4',
            referencia: 'm2',
            motivo: 'lançado em dobro',
            origem: 'tela',
            saldo: '10',
            custo_medio: '2',
            custo_medio_bruto: '2',
            criado_em: AGORA,
          },
        },
      ],
    });
  });

  it('brings an outflow back in at the cost it left at, like an entry at that cost', () => {
    const events = history(
      registrar('m1', { quantidade: 10, custo_unitario: 6 }),
      registrar('m2', { tipo: 'perda', quantidade: -5 }),
      registrar('m3', { quantidade: 5, custo_unitario: 2 }),
    );
    expect(given(...events).when(estornar('e1', 'm2'))).toMatchObject({
      events: [
        { data: { quantidade: '5', custo_unitario: '6', saldo: '15', custo_medio: '4.6666666666666667' } },
      ],
    });
  });

  it('reverses in the original location', () => {
    const events = history(
      registrar('m1', { quantidade: 3, custo_unitario: 1, local_id: OUTRO_LOCAL }),
      registrar('m2', { quantidade: 3, custo_unitario: 9 }),
    );
    expect(given(...events).when(estornar('e1', 'm1'))).toMatchObject({
      events: [{ data: { local_id: OUTRO_LOCAL, saldo: '0', custo_medio: '1' } }],
    });
  });

  it('keeps the average when nothing would remain after taking an entry back', () => {
    const events = history(
      registrar('m1', { quantidade: 10, custo_unitario: 3 }),
      registrar('m2', { tipo: 'perda', quantidade: -8 }),
      registrar('m3', { quantidade: 1, custo_unitario: 9 }),
    );
    expect(given(...events).when(estornar('e1', 'm1'))).toMatchObject({
      events: [{ data: { saldo: '-7', custo_medio: '5' } }],
    });
  });

  it('floors the average at 0 when the location value cannot cover the entry taken back', () => {
    const events = history(
      registrar('m1', { quantidade: 5, custo_unitario: 10 }),
      registrar('m2', { tipo: 'perda', quantidade: -5 }),
      registrar('m3', { quantidade: 10, custo_unitario: 1 }),
    );
    expect(given(...events).when(estornar('e1', 'm1'))).toMatchObject({
      events: [{ data: { saldo: '5', custo_medio: '0' } }],
    });
  });

  it('undoes the bruto average with the bruto cost', () => {
    const events = history(
      registrar('m1', { quantidade: 10, custo_unitario: 2 }),
      registrar('m2', {
        tipo: 'entrada_nfe',
        origem: 'nfe',
        quantidade: 10,
        custo_unitario: 4,
        custo_unitario_bruto: 5,
      }),
    );
    expect(events.at(-1)).toMatchObject({ data: { custo_medio: '3', custo_medio_bruto: '3.5' } });
    expect(given(...events).when(estornar('e1', 'm2'))).toMatchObject({
      events: [
        {
          data: { custo_unitario: '4', custo_unitario_bruto: '5', custo_medio: '2', custo_medio_bruto: '2' },
        },
      ],
    });
  });

  it('reverses a movement at most once', () => {
    const events = history(registrar('m1', { quantidade: 1 }), estornar('e1', 'm1'));
    expect(given(...events).when(estornar('e2', 'm1'))).toEqual({
      ok: false,
      error: { kind: 'conflict', mensagem: 'movimento já foi estornado' },
    });
  });

  it('never reverses a reversal', () => {
    const events = history(registrar('m1', { quantidade: 1 }), estornar('e1', 'm1'));
    expect(given(...events).when(estornar('e2', 'e1'))).toEqual({
      ok: false,
      error: { kind: 'conflict', mensagem: 'um estorno não pode ser estornado' },
    });
  });

  it('refuses with a conflict to reverse a movement of a deleted item', () => {
    const events = [...history(registrar('m1', { quantidade: 3 })), insumoExcluido()];
    expect(given(...events).when(estornar('e1', 'm1'))).toEqual({
      ok: false,
      error: { kind: 'conflict', mensagem: 'o insumo do movimento foi excluído' },
    });
  });

  it('refuses an unknown movement, an unknown item, a used id and a long motivo', () => {
    const events = history(registrar('m1', { quantidade: 1 }));
    expect(given(...events).when(estornar('e1', 'nao-existe'))).toMatchObject({
      ok: false,
      error: { kind: 'not_found', campo: 'id' },
    });
    expect(given().when(estornar('e1', 'm1'))).toMatchObject({
      error: { kind: 'not_found', campo: 'insumo_id' },
    });
    expect(given(...events).when(estornar('m1', 'm1'))).toMatchObject({ error: { kind: 'conflict' } });
    expect(given(...events).when(estornar('e1', 'm1', { motivo: 'x'.repeat(501) }))).toMatchObject({
      error: { kind: 'validation', campo: 'motivo' },
    });
  });

  it('decides against the item definition it was given', () => {
    const events = [insumoDefinido({ unidade_consumo: 'cm' }), ...history(registrar('m1')).slice(1)];
    expect(given(...events).when(estornar('e1', 'm1'))).toMatchObject({
      events: [{ data: { unidade: 'cm' } }],
    });
  });
});

describe("reversing a production record's movement", () => {
  const baixa = registrar('b1', {
    tipo: 'baixa_producao',
    quantidade: -2,
    origem: 'producao',
    referencia: 'apontamento-7',
  });

  it('is refused on its own (409), naming the record', () => {
    const events = history(registrar('m1', { quantidade: 5, custo_unitario: 3 }), baixa);
    expect(given(...events).when(estornar('e1', 'b1'))).toEqual({
      ok: false,
      error: {
        kind: 'conflict',
        mensagem: 'o movimento pertence ao apontamento de produção apontamento-7: cancele o apontamento',
      },
    });
  });

  it("is what the record's cancellation does: an entry back at the outflow's cost", () => {
    const events = history(registrar('m1', { quantidade: 5, custo_unitario: 3 }), baixa);
    expect(given(...events).when(estornar('e1', 'b1', { origem: 'producao' }))).toMatchObject({
      ok: true,
      events: [
        { data: { quantidade: '2', custo_unitario: '3', saldo: '5', custo_medio: '3', referencia: 'b1' } },
      ],
    });
  });

  it('leaves a baixa_producao posted by another internal process reversible', () => {
    const events = history(
      registrar('m1', { quantidade: 5, custo_unitario: 3 }),
      registrar('b2', { tipo: 'baixa_producao', quantidade: -1, origem: 'inventario' }),
    );
    expect(given(...events).when(estornar('e1', 'b2'))).toMatchObject({ ok: true });
  });
});
