import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  anItem,
  expectError,
  type PurchasesScene,
  post,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

// A receipt moves its purchase order in the same write: partial, full and over-receipt, the order
// found by xPed, and a cancelled order.

describeWith(['postgres', 'redis'], 'receipts against a purchase order', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene();
  });
  const createOrder = async (itens: Array<{ insumo_id: string; quantidade: number }>) => {
    const res = await post(scene.app, '/v1/compras/pedidos', scene.token, {
      fornecedor_id: scene.supplierId,
      local_id: scene.localId,
      itens,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; numero: number };
  };
  /** Receives `caixas` boxes (cx of 12) and `quilos` kg, naming the order. */
  const receive = async (pedido: { id?: string; xPed?: string }, caixas: string, quilos?: string) => {
    const itens = [anItem({ qCom: caixas, xPed: pedido.xPed })];
    if (quilos)
      itens.push(anItem({ cProd: 'R-1', uCom: 'KG', qCom: quilos, vUnCom: '40', xPed: pedido.xPed }));
    const { xml } = scene.invoice({ itens });
    const vinculos = [
      { n_item: 1, insumo_id: scene.caixaId },
      ...(quilos ? [{ n_item: 2, insumo_id: scene.quiloId }] : []),
    ];
    return post(scene.app, '/v1/compras/recebimentos', scene.token, {
      xml,
      local_id: scene.localId,
      vinculos,
      ...(pedido.id ? { pedido_id: pedido.id } : {}),
    });
  };
  const orderState = async (id: string) => {
    const { rows } = await scene.db.pool.query<{
      type: string;
      data: { situacao?: string; itens?: unknown };
    }>(`SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_revision`, [
      `pedido_compra-${scene.empresaId}-${id}`,
    ]);
    return rows;
  };

  it('partial, then full: aberto → parcial → recebido, quantities in purchase units', async () => {
    const order = await createOrder([
      { insumo_id: scene.caixaId, quantidade: 10 },
      { insumo_id: scene.quiloId, quantidade: 5 },
    ]);
    const first = await receive({ id: order.id }, '4.0000', '5.0000');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().pedido_id).toBe(order.id);
    let events = await orderState(order.id);
    expect(events.at(-1)).toMatchObject({
      type: 'PedidoCompraAtendido.v1',
      data: {
        situacao: 'parcial',
        itens: [
          expect.objectContaining({ insumo_id: scene.caixaId, quantidade: '4' }),
          expect.objectContaining({ insumo_id: scene.quiloId, quantidade: '5' }),
        ],
      },
    });
    const second = await receive({ id: order.id }, '6.0000');
    expect(second.statusCode, second.body).toBe(201);
    events = await orderState(order.id);
    expect(events.at(-1)).toMatchObject({ type: 'PedidoCompraAtendido.v1', data: { situacao: 'recebido' } });
    // A received order takes no more receipts (check 8).
    expectError(await receive({ id: order.id }, '1.0000'), 409, 'conflito');
  });

  it('over-receipt closes the line: more than ordered is allowed and the order is recebido', async () => {
    const order = await createOrder([{ insumo_id: scene.caixaId, quantidade: 2 }]);
    const res = await receive({ id: order.id }, '3.0000');
    expect(res.statusCode, res.body).toBe(201);
    expect((await orderState(order.id)).at(-1)).toMatchObject({
      type: 'PedidoCompraAtendido.v1',
      data: { situacao: 'recebido', itens: [expect.objectContaining({ quantidade: '3' })] },
    });
  });

  it('without pedido_id, the items’ xPed naming an open order of the same supplier finds it', async () => {
    const order = await createOrder([{ insumo_id: scene.caixaId, quantidade: 20 }]);
    const res = await receive({ xPed: String(order.numero) }, '5.0000');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().pedido_id).toBe(order.id);
    expect((await orderState(order.id)).at(-1)).toMatchObject({ data: { situacao: 'parcial' } });
    // An xPed naming no order of the company: received without one.
    const none = await receive({ xPed: '999999' }, '1.0000');
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().pedido_id).toBeNull();
  });

  it('an item whose supply item is not on the order adds nothing to it', async () => {
    const order = await createOrder([{ insumo_id: scene.quiloId, quantidade: 1 }]);
    const res = await receive({ id: order.id }, '1.0000');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().pedido_id).toBe(order.id);
    expect((await orderState(order.id)).map((e) => e.type)).toEqual(['PedidoCompraCriado.v1']);
  });

  it('cancelling an order after a partial receipt: cancelado, the stock received stays, no more receipts', async () => {
    const order = await createOrder([{ insumo_id: scene.caixaId, quantidade: 10 }]);
    const partial = await receive({ id: order.id }, '4.0000');
    expect(partial.statusCode, partial.body).toBe(201);
    const movimento = partial.json().itens[0].movimento_id;
    const cancel = await post(scene.app, `/v1/compras/pedidos/${order.id}/cancelamento`, scene.token, {
      motivo: 'fornecedor sem estoque',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      situacao: 'cancelado',
      motivo_cancelamento: 'fornecedor sem estoque',
      itens: [expect.objectContaining({ quantidade: 10, quantidade_recebida: 4 })],
    });
    const { rows } = await scene.db.pool.query(
      `SELECT count(*)::int AS n FROM events WHERE type = 'MovimentoEstornado.v1' AND data->>'estornado_id' = $1`,
      [movimento],
    );
    expect(rows[0].n).toBe(0);
    expectError(await receive({ id: order.id }, '1.0000'), 409, 'conflito');
    expectError(
      await post(scene.app, `/v1/compras/pedidos/${order.id}/cancelamento`, scene.token, {}),
      409,
      'conflito',
    );
  });
});
