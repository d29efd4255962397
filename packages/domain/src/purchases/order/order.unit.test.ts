import { describe, expect, it } from 'vitest';
import {
  AGORA,
  CHAPA,
  FORNECEDOR,
  foldPedido,
  insumo,
  LOCAL,
  pedidoCriado,
  TINTA,
} from '../../../test/purchases/purchases.fixture.js';
import { Dec } from '../../stock/money.js';
import type { CriarPedidoCompra } from './commands.js';
import { decideCancelarPedido } from './decide-cancelar-pedido.js';
import { decideCriarPedido, MAX_ITENS_PEDIDO } from './decide-criar-pedido.js';
import { atenderPedido, desfazerAtendimento } from './fulfilment.js';
import { evolvePedidoCompra, valorTotalPedido } from './state.js';

const criar = (
  data: Partial<CriarPedidoCompra['data']> = {},
  context: Partial<CriarPedidoCompra['context']> = {},
): CriarPedidoCompra => ({
  type: 'CriarPedidoCompra',
  data: {
    pedido_id: 'pedido-1',
    numero: 3,
    item_ids: ['linha-1', 'linha-2', 'linha-3'],
    fornecedor_id: FORNECEDOR,
    local_id: LOCAL,
    itens: [
      { insumo_id: CHAPA, quantidade: 10, preco_unitario: '60.5' },
      { insumo_id: TINTA, quantidade: '4' },
    ],
    hoje: '2026-02-27',
    agora: AGORA,
    ...data,
  },
  context: {
    fornecedor: { ativo: true, excluido: false, lead_time_dias: 3, condicao_pagamento: [30, 60] },
    locaisAtivos: new Set([LOCAL]),
    insumos: new Map([
      [CHAPA, insumo()],
      [TINTA, insumo({ unidade_compra: 'lata' })],
      ['inativo', insumo({ ativo: false })],
    ]),
    podeVerCustos: true,
    ...context,
  },
});

const refusal = (decision: { ok: boolean; error?: unknown }) => (decision.ok ? null : decision.error);

describe('creating a purchase order', () => {
  it('records the lines in order with their purchase unit, defaults from the supplier', () => {
    expect(decideCriarPedido(criar())).toEqual({
      ok: true,
      events: [
        {
          type: 'PedidoCompraCriado.v1',
          data: {
            pedido_id: 'pedido-1',
            numero: 3,
            fornecedor_id: FORNECEDOR,
            local_id: LOCAL,
            // 2026-02-27 + 3 days crosses the month end.
            previsto_para: '2026-03-02',
            condicao_pagamento: [30, 60],
            observacao: null,
            itens: [
              {
                item_id: 'linha-1',
                insumo_id: CHAPA,
                quantidade: '10',
                unidade: 'cx',
                preco_unitario: '60.5',
              },
              {
                item_id: 'linha-2',
                insumo_id: TINTA,
                quantidade: '4',
                unidade: 'lata',
                preco_unitario: null,
              },
            ],
            criado_em: AGORA,
          },
        },
      ],
    });
  });

  it('takes the given date, terms (null included) and note', () => {
    const decision = decideCriarPedido(
      criar({ previsto_para: '2026-04-01', condicao_pagamento: null, observacao: 'urgente' }),
    );
    expect(decision.ok && decision.events[0]?.data).toMatchObject({
      previsto_para: '2026-04-01',
      condicao_pagamento: null,
      observacao: 'urgente',
    });
  });

  it.each([
    [
      'a deleted supplier',
      criar(
        {},
        { fornecedor: { ativo: true, excluido: true, lead_time_dias: null, condicao_pagamento: null } },
      ),
      'fornecedor_id',
    ],
    [
      'an inactive supplier',
      criar(
        {},
        { fornecedor: { ativo: false, excluido: false, lead_time_dias: null, condicao_pagamento: null } },
      ),
      'fornecedor_id',
    ],
    ['an unknown supplier', criar({}, { fornecedor: null }), 'fornecedor_id'],
    ['an inactive location', criar({ local_id: 'outro' }), 'local_id'],
    ['a bad date', criar({ previsto_para: '2026-02-30' }), 'previsto_para'],
    ['bad terms', criar({ condicao_pagamento: [60, 30] }), 'condicao_pagamento'],
    ['a long note', criar({ observacao: 'x'.repeat(501) }), 'observacao'],
    ['no lines', criar({ itens: [] }), 'itens'],
    [
      'too many lines',
      criar({
        itens: Array.from({ length: MAX_ITENS_PEDIDO + 1 }, () => ({ insumo_id: CHAPA, quantidade: 1 })),
      }),
      'itens',
    ],
    [
      'an inactive supply item',
      criar({
        itens: [
          { insumo_id: CHAPA, quantidade: 1 },
          { insumo_id: 'inativo', quantidade: 1 },
        ],
      }),
      'itens[1].insumo_id',
    ],
    [
      'a supply item twice',
      criar({
        itens: [
          { insumo_id: CHAPA, quantidade: 1 },
          { insumo_id: CHAPA, quantidade: 2 },
        ],
      }),
      'itens[1].insumo_id',
    ],
    ['a zero quantity', criar({ itens: [{ insumo_id: CHAPA, quantidade: 0 }] }), 'itens[0].quantidade'],
    [
      'a negative price',
      criar({ itens: [{ insumo_id: CHAPA, quantidade: 1, preco_unitario: -1 }] }),
      'itens[0].preco_unitario',
    ],
    [
      'a price from a token without custos:ler',
      criar({}, { podeVerCustos: false }),
      'itens[0].preco_unitario',
    ],
  ])('refuses %s, naming the field', (_name, command, campo) => {
    expect(refusal(decideCriarPedido(command))).toMatchObject({ kind: 'validation', campo });
  });

  it('accepts a null price from a token without custos:ler', () => {
    const command = criar(
      { itens: [{ insumo_id: CHAPA, quantidade: 1, preco_unitario: null }] },
      { podeVerCustos: false },
    );
    expect(decideCriarPedido(command).ok).toBe(true);
  });
});

describe('valor_total', () => {
  it('sums quantity times price to the cent, null when a line has no price', () => {
    expect(
      valorTotalPedido([
        { quantidade: '3', preco_unitario: '0.335' },
        { quantidade: '1.5', preco_unitario: '10' },
      ]),
    ).toBe('16.01');
    expect(
      valorTotalPedido([
        { quantidade: '3', preco_unitario: '1' },
        { quantidade: '1', preco_unitario: null },
      ]),
    ).toBeNull();
  });
});

describe('receiving against an order, and undoing it', () => {
  const aberto = foldPedido([pedidoCriado()]);
  const receive = (state: typeof aberto, nota: string, chapa: string, tinta?: string) => {
    const map = new Map([[CHAPA, new Dec(chapa)]]);
    if (tinta) map.set(TINTA, new Dec(tinta));
    const event = atenderPedido(state, nota, map, AGORA);
    if (!event) throw new Error('expected progress');
    return { event, state: evolvePedidoCompra(state, event) };
  };

  it('partial, then full, then over-receipt closes the line', () => {
    const partial = receive(aberto, 'nota-1', '4');
    expect(partial.event.data).toEqual({
      pedido_id: 'pedido-1',
      nota_id: 'nota-1',
      itens: [{ item_id: 'linha-1', insumo_id: CHAPA, quantidade: '4' }],
      situacao: 'parcial',
      atendido_em: AGORA,
    });
    const full = receive(partial.state, 'nota-2', '6', '4');
    expect(full.state.situacao).toBe('recebido');
    expect(full.state.itens.map((l) => l.quantidade_recebida)).toEqual(['10', '4']);
    const over = receive(aberto, 'nota-3', '12.5', '4');
    expect(over.state.situacao).toBe('recebido');
    expect(over.state.itens[0]?.quantidade_recebida).toBe('12.5');
  });

  it('a supply item not on the order adds nothing; nothing at all writes nothing', () => {
    expect(atenderPedido(aberto, 'nota-1', new Map([['outro', new Dec(5)]]), AGORA)).toBeNull();
  });

  it('rounds purchase units that do not divide evenly to 6 places', () => {
    const { event } = receive(aberto, 'nota-1', new Dec(10).div(3).toString());
    expect(event.data.itens[0]?.quantidade).toBe('3.333333');
  });

  it('undoing a receipt takes exactly its quantities back; the state follows', () => {
    const partial = receive(aberto, 'nota-1', '4');
    const full = receive(partial.state, 'nota-2', '6', '4');
    const undo = desfazerAtendimento(full.state, 'nota-2', AGORA);
    expect(undo?.data).toMatchObject({ itens: full.event.data.itens, situacao: 'parcial' });
    const back = evolvePedidoCompra(full.state, undo as NonNullable<typeof undo>);
    expect(back.itens.map((l) => l.quantidade_recebida)).toEqual(['4', '0']);
    expect(desfazerAtendimento(back, 'nota-2', AGORA)).toBeNull();
    const undoFirst = desfazerAtendimento(back, 'nota-1', AGORA);
    expect(undoFirst?.data.situacao).toBe('aberto');
  });

  it('a cancelled order stays cancelado when a receipt is undone', () => {
    const partial = receive(aberto, 'nota-1', '4');
    const cancelled = evolvePedidoCompra(partial.state, {
      type: 'PedidoCompraCancelado.v1',
      data: { pedido_id: 'pedido-1', motivo: null, cancelado_em: AGORA },
    });
    const undo = desfazerAtendimento(cancelled, 'nota-1', AGORA);
    expect(undo?.data.situacao).toBe('cancelado');
    expect(
      evolvePedidoCompra(cancelled, undo as NonNullable<typeof undo>).itens[0]?.quantidade_recebida,
    ).toBe('0');
  });
});

describe('cancelling an order', () => {
  const cancelar = (motivo?: unknown) => ({
    type: 'CancelarPedidoCompra' as const,
    data: { pedido_id: 'pedido-1', motivo, agora: AGORA },
  });

  it('cancels an open or partial order, with its reason', () => {
    const partial = foldPedido([
      pedidoCriado(),
      {
        type: 'PedidoCompraAtendido.v1',
        data: {
          pedido_id: 'pedido-1',
          nota_id: 'n',
          itens: [{ item_id: 'linha-1', insumo_id: CHAPA, quantidade: '1' }],
          situacao: 'parcial',
          atendido_em: AGORA,
        },
      },
    ]);
    expect(decideCancelarPedido(cancelar('desistimos'), partial)).toEqual({
      ok: true,
      events: [
        {
          type: 'PedidoCompraCancelado.v1',
          data: { pedido_id: 'pedido-1', motivo: 'desistimos', cancelado_em: AGORA },
        },
      ],
    });
    expect(decideCancelarPedido(cancelar(), foldPedido([pedidoCriado()])).ok).toBe(true);
  });

  it('refuses a received or cancelled order (409), an unknown one (404), a bad reason (422)', () => {
    const recebido = foldPedido([
      pedidoCriado(),
      {
        type: 'PedidoCompraAtendido.v1',
        data: {
          pedido_id: 'pedido-1',
          nota_id: 'n',
          itens: [
            { item_id: 'linha-1', insumo_id: CHAPA, quantidade: '10' },
            { item_id: 'linha-2', insumo_id: TINTA, quantidade: '4' },
          ],
          situacao: 'recebido',
          atendido_em: AGORA,
        },
      },
    ]);
    expect(refusal(decideCancelarPedido(cancelar(), recebido))).toMatchObject({ kind: 'conflict' });
    const cancelado = foldPedido([
      pedidoCriado(),
      {
        type: 'PedidoCompraCancelado.v1',
        data: { pedido_id: 'pedido-1', motivo: null, cancelado_em: AGORA },
      },
    ]);
    expect(refusal(decideCancelarPedido(cancelar(), cancelado))).toMatchObject({ kind: 'conflict' });
    expect(refusal(decideCancelarPedido(cancelar(), foldPedido([])))).toMatchObject({ kind: 'not_found' });
    expect(refusal(decideCancelarPedido(cancelar(42), foldPedido([pedidoCriado()])))).toMatchObject({
      kind: 'validation',
      campo: 'motivo',
    });
  });
});
