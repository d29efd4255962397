import { describe, expect, it } from 'vitest';
import { componente, givenBills, insumo } from '../../../test/production/explosion.fixture.js';
import { fold, history, insumoDefinido, LOCAL, registrar } from '../../../test/stock/stock.fixture.js';
import { decideStock } from '../../stock/decide.js';
import type { MovimentoRegistrado } from '../../stock/events.js';
import type { ApontamentoEvent } from './events.js';
import {
  decideCancelarApontamento,
  decideRegistrarApontamento,
  type RegistrarApontamento,
  recordCancelled,
  recordRegistered,
} from './record.js';
import { evolveApontamento, initialApontamentoState } from './state.js';

// 07:30 UTC is 04:30 in São Paulo, before the 05:00 turn: production day 2026-11-23.
const AGORA = '2026-11-24T07:30:00.000+00:00';
const bills = givenBills(
  {
    camiseta: [insumo('tecido', '1.2', { perda_pct: '0.1' }), insumo('botao', 6)],
    kit: [componente('camiseta', 2), insumo('botao', 1)],
    combo: [componente('kit', 1), componente('bone', 1)],
  },
  ['bone'],
).bills;

const registrar_ = (
  fields: Partial<RegistrarApontamento['data']> = {},
  context: Partial<RegistrarApontamento['context']> = {},
): RegistrarApontamento => ({
  type: 'RegistrarApontamento',
  data: {
    apontamento_id: 'ap-1',
    produto_id: 'kit',
    quantidade: 3,
    local_id: LOCAL,
    agora: AGORA,
    ...fields,
  },
  context: {
    calendar: { fuso: 'America/Sao_Paulo', horaVirada: '05:00' },
    productExists: true,
    locationActive: true,
    bills,
    movementId: (i) => `mov-${i}`,
    ...context,
  },
});

describe('registering a production record', () => {
  it('posts one baixa_producao per supply item, summed across levels, negative, origem producao, referencia the record', () => {
    expect(decideRegistrarApontamento(registrar_())).toEqual({
      fields: {
        apontamento_id: 'ap-1',
        produto_id: 'kit',
        quantidade: '3',
        local_id: LOCAL,
        dia: '2026-11-23',
        referencia: null,
        motivo: null,
      },
      movements: [
        // 3 kits: 6 shirts × 6 buttons + 3 buttons; 6 shirts × 1.2 m + 10 %.
        expect.objectContaining({
          data: expect.objectContaining({ movimento_id: 'mov-1', insumo_id: 'botao', quantidade: '-39' }),
        }),
        expect.objectContaining({
          data: expect.objectContaining({ movimento_id: 'mov-2', insumo_id: 'tecido', quantidade: '-7.92' }),
        }),
      ],
    });
    const planned = decideRegistrarApontamento(registrar_({ referencia: 'OP 12', motivo: 'turno A' }));
    if (!('movements' in planned)) throw new Error('refused');
    expect(planned.movements[0]!.data).toEqual({
      movimento_id: 'mov-1',
      insumo_id: 'botao',
      local_id: LOCAL,
      tipo: 'baixa_producao',
      quantidade: '-39',
      referencia: 'ap-1',
      motivo: 'turno A',
      origem: 'producao',
      criado_em: AGORA,
    });
  });

  it('keeps a dia given, and refuses one that is not a real date', () => {
    expect(decideRegistrarApontamento(registrar_({ dia: '2026-11-20' }))).toMatchObject({
      fields: { dia: '2026-11-20' },
    });
    expect(decideRegistrarApontamento(registrar_({ dia: '2026-02-30' }))).toMatchObject({
      ok: false,
      error: { kind: 'validation', campo: 'dia' },
    });
  });

  it('refuses a product or a component without an active bill with a conflict naming it', () => {
    expect(decideRegistrarApontamento(registrar_({ produto_id: 'bone' }))).toEqual({
      ok: false,
      error: { kind: 'conflict', mensagem: 'o produto bone não tem ficha técnica ativa' },
    });
    expect(decideRegistrarApontamento(registrar_({ produto_id: 'combo' }))).toEqual({
      ok: false,
      error: { kind: 'conflict', mensagem: 'o componente bone não tem ficha técnica ativa' },
    });
  });

  it('refuses, in body order, an unknown product, a quantity not above 0, an inactive location, long texts', () => {
    const campo = (c: string) => ({ ok: false, error: { kind: 'validation', campo: c } });
    expect(decideRegistrarApontamento(registrar_({}, { productExists: false }))).toMatchObject(
      campo('produto_id'),
    );
    expect(decideRegistrarApontamento(registrar_({ quantidade: 0 }))).toMatchObject(campo('quantidade'));
    expect(decideRegistrarApontamento(registrar_({}, { locationActive: false }))).toMatchObject(
      campo('local_id'),
    );
    expect(decideRegistrarApontamento(registrar_({ referencia: 'x'.repeat(201) }))).toMatchObject(
      campo('referencia'),
    );
    expect(decideRegistrarApontamento(registrar_({ motivo: 'x'.repeat(501) }))).toMatchObject(
      campo('motivo'),
    );
  });

  it("records the movements' decided quantities and costs, and their value", () => {
    const planned = decideRegistrarApontamento(registrar_());
    if (!('movements' in planned)) throw new Error('refused');
    // Given buttons at 0.5 and fabric averaging 4 at the location; when the stock decides the record's movements:
    const stock = (insumo_id: string, entries: Array<[number, number]>) =>
      fold([
        ...history(
          ...entries.map(([q, c], i) => registrar(`${insumo_id}-${i}`, { quantidade: q, custo_unitario: c })),
        ).map((e) =>
          e.type === 'InsumoDefinido.v1'
            ? insumoDefinido({ insumo_id })
            : { ...e, data: { ...e.data, insumo_id } },
        ),
      ] as Parameters<typeof fold>[0]);
    const states = {
      botao: stock('botao', [[100, 0.5]]),
      tecido: stock('tecido', [
        [5, 3],
        [5, 5],
      ]),
    };
    const decided = planned.movements.map((m) => {
      const decision = decideStock(m, states[m.data.insumo_id as 'botao' | 'tecido']);
      if (!decision.ok) throw new Error(JSON.stringify(decision.error));
      return decision.events[0]!.data as MovimentoRegistrado['data'];
    });
    const event = recordRegistered(planned, decided, AGORA);
    expect(event.data.movimentos).toEqual([
      { movimento_id: 'mov-1', insumo_id: 'botao', quantidade: '-39', custo_unitario: '0.5' },
      { movimento_id: 'mov-2', insumo_id: 'tecido', quantidade: '-7.92', custo_unitario: '4' },
    ]);
    // 39 × 0.5 + 7.92 × 4
    expect(event.data.custo).toBe('51.18');
  });
});

describe('cancelling a production record', () => {
  const registered: ApontamentoEvent = {
    type: 'ApontamentoRegistrado.v1',
    data: {
      apontamento_id: 'ap-1',
      produto_id: 'kit',
      quantidade: '3',
      local_id: LOCAL,
      dia: '2026-11-23',
      referencia: null,
      motivo: null,
      movimentos: [
        { movimento_id: 'mov-1', insumo_id: 'botao', quantidade: '-39', custo_unitario: '0.5' },
        { movimento_id: 'mov-2', insumo_id: 'tecido', quantidade: '-7.92', custo_unitario: '4' },
      ],
      custo: '51.18',
      registrado_em: AGORA,
    },
  };
  const state = (...events: ApontamentoEvent[]) =>
    events.reduce(evolveApontamento, initialApontamentoState());
  const input = { motivo: 'erro', agora: AGORA, reversalId: (i: number) => `est-${i}` };

  it('reverses every movement of the record, origem producao', () => {
    expect(decideCancelarApontamento(state(registered), input)).toEqual([
      {
        type: 'EstornarMovimento',
        data: {
          movimento_id: 'est-1',
          insumo_id: 'botao',
          estornado_id: 'mov-1',
          motivo: 'erro',
          origem: 'producao',
          criado_em: AGORA,
        },
      },
      {
        type: 'EstornarMovimento',
        data: {
          movimento_id: 'est-2',
          insumo_id: 'tecido',
          estornado_id: 'mov-2',
          motivo: 'erro',
          origem: 'producao',
          criado_em: AGORA,
        },
      },
    ]);
  });

  it('refuses a cancelled record (409) and an unknown one (404)', () => {
    const cancelled = recordCancelled('ap-1', [], 'erro', AGORA);
    expect(decideCancelarApontamento(state(registered, cancelled), input)).toMatchObject({
      ok: false,
      error: { kind: 'conflict' },
    });
    expect(decideCancelarApontamento(state(), input)).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
    expect(state(registered, cancelled)).toMatchObject({ estado: 'cancelado', registro: { custo: '51.18' } });
  });
});
