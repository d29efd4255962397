import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CreatedOrder,
  createPurchasesApi,
  expectCursorBoundToFilters,
  expectError,
  getOk,
  type PurchasesApi,
  type PurchasesTenant,
  pastInstants,
  type Row,
  sortedBy,
  traverse,
} from '../../../test/routes/compras/purchases-api.fixture.js';

const URL = '/v1/compras/pedidos';

describeWith(['postgres'], 'GET /v1/compras/pedidos and /v1/compras/pedidos/{id}', () => {
  let api: PurchasesApi;
  let empresa: PurchasesTenant;
  let outra: PurchasesTenant;
  const { at, shown } = pastInstants(1000);
  const fornecedor = randomUUID();
  const orders: Record<string, CreatedOrder> = {};

  beforeAll(async () => {
    api = await createPurchasesApi();
    empresa = await api.tenant(['compras:ler', 'custos:ler']);
    outra = await api.tenant(['compras:ler']);
    const w = empresa.writer;
    const local_id = empresa.locais[0]!.id;
    orders.parcial = await w.pedido(at(1), {
      numero: 1,
      fornecedor_id: fornecedor,
      local_id,
      condicao_pagamento: [30, 60],
      observacao: 'entregar pela manhã',
      itens: [
        { quantidade: '60', preco_unitario: '38.5' },
        { quantidade: '12', preco_unitario: '1.25' },
      ],
    });
    await w.atender(at(3), orders.parcial, randomUUID(), [[0, '30']], 'parcial');
    orders.aberto = await w.pedido(at(2), { numero: 2, itens: [{ quantidade: '5' }] });
    orders.cancelado = await w.pedido(at(2), {
      numero: 3,
      fornecedor_id: fornecedor,
      itens: [{ quantidade: '1' }],
    });
    await w.cancelarPedido(at(4), orders.cancelado.pedido_id, 'desistimos');
    // Changed now: inside the stabilisation window, so only its by-id route shows it.
    orders.recente = await w.pedido(new Date().toISOString(), { numero: 4, itens: [{ quantidade: '1' }] });
    await outra.writer.pedido(at(1), { numero: 1, fornecedor_id: fornecedor, itens: [{ quantidade: '1' }] });
    api.clock.set(new Date());
    await api.settled();
  });

  it('lists the orders with every key, lines in order, ordered by (atualizado_em, id), stabilised', async () => {
    const page = await getOk(api.app, URL, empresa.token);
    expect(page.proximo_cursor).toBeNull();
    expect(page.dados.map((r) => r.numero)).toEqual([2, 1, 3]);
    expect(page.dados).toEqual(sortedBy(page.dados, 'id'));
    const parcial = orders.parcial!;
    expect(page.dados.find((r) => r.id === parcial.pedido_id)).toEqual({
      id: parcial.pedido_id,
      numero: 1,
      fornecedor_id: fornecedor,
      local_id: empresa.locais[0]!.id,
      situacao: 'parcial',
      previsto_para: '2026-03-12',
      condicao_pagamento: [30, 60],
      observacao: 'entregar pela manhã',
      itens: [
        {
          id: parcial.itens[0]!.item_id,
          insumo_id: parcial.itens[0]!.insumo_id,
          quantidade: 60,
          unidade: 'kg',
          preco_unitario: 38.5,
          quantidade_recebida: 30,
        },
        {
          id: parcial.itens[1]!.item_id,
          insumo_id: parcial.itens[1]!.insumo_id,
          quantidade: 12,
          unidade: 'kg',
          preco_unitario: 1.25,
          quantidade_recebida: 0,
        },
      ],
      valor_total: 2325,
      motivo_cancelamento: null,
      criado_em: shown(1),
      atualizado_em: shown(3),
    });
    expect(page.dados.find((r) => r.numero === 3)).toMatchObject({
      situacao: 'cancelado',
      motivo_cancelamento: 'desistimos',
      atualizado_em: shown(4),
    });
  });

  it('filters by supplier, state and atualizado_desde (inclusive), and pages at every size', async () => {
    const numbers = async (query: string) =>
      (await getOk(api.app, `${URL}?${query}`, empresa.token)).dados.map((r) => r.numero);
    expect(await numbers(`fornecedor_id=${fornecedor}`)).toEqual([1, 3]);
    expect(await numbers(`fornecedor_id=${fornecedor.toUpperCase()}`)).toEqual([1, 3]);
    expect(await numbers('situacao=aberto')).toEqual([2]);
    expect(await numbers('situacao=recebido')).toEqual([]);
    expect(await numbers(`situacao=cancelado&fornecedor_id=${fornecedor}`)).toEqual([3]);
    expect(await numbers(`atualizado_desde=${encodeURIComponent(at(3))}`)).toEqual([1, 3]);
    const all = (await getOk(api.app, URL, empresa.token)).dados;
    expect(await traverse(api.app, `${URL}?limite=1`, empresa.token)).toEqual(all);
  });

  it('nulls the monetary fields for a token without custos:ler, and nothing else', async () => {
    const withCosts = (await getOk(api.app, URL, empresa.token)).dados;
    const token = await empresa.token2(['compras:escrever']);
    const without = (await getOk(api.app, URL, token)).dados;
    const nulled = (row: Row) => ({
      ...row,
      valor_total: null,
      itens: (row.itens as Row[]).map((i) => ({ ...i, preco_unitario: null })),
    });
    expect(without).toEqual(withCosts.map(nulled));
    const one = await getOk<Row>(api.app, `${URL}/${orders.parcial!.pedido_id}`, token);
    expect(one).toEqual(nulled(withCosts.find((r) => r.numero === 1)!));
  });

  it('answers one order by id, with no window; 404 for another company, unknown or not a uuid', async () => {
    const recente = await getOk<Row>(api.app, `${URL}/${orders.recente!.pedido_id}`, empresa.token);
    expect(recente).toMatchObject({ numero: 4, situacao: 'aberto', valor_total: null });
    const alheio = (await getOk(api.app, URL, outra.token)).dados[0]!.id as string;
    for (const id of [alheio, randomUUID(), '123'])
      await expectError(api.app, `${URL}/${id}`, empresa.token, 404, 'nao_encontrado');
  });

  it('refuses bad parameters, bad cursors and a token without compras:ler', async () => {
    for (const [query, campo] of [
      ['situacao=fechado', 'situacao'],
      ['fornecedor_id=123', 'fornecedor_id'],
      ['atualizado_desde=ontem', 'atualizado_desde'],
      ['numero=1', 'numero'],
      ['limite=0', 'limite'],
    ])
      await expectError(api.app, `${URL}?${query}`, empresa.token, 400, 'parametro_invalido', campo);
    await expectCursorBoundToFilters(api.app, URL, empresa.token, 'situacao=aberto');
    const notas = await empresa.token2(['notas:ler', 'estoque:escrever']);
    await expectError(api.app, URL, notas, 403, 'escopo_insuficiente');
    await expectError(api.app, `${URL}/${orders.parcial!.pedido_id}`, notas, 403, 'escopo_insuficiente');
  });
});
