import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  expectError,
  type PurchasesScene,
  post,
  startPurchasesScene,
} from '../../../test/purchases/purchases-api.fixture.js';

describeWith(['postgres', 'redis'], 'POST /v1/compras/pedidos/{id}/cancelamento', () => {
  let scene: PurchasesScene;
  beforeAll(async () => {
    scene = await startPurchasesScene();
  });
  const createOrder = async () => {
    const res = await post(scene.app, '/v1/compras/pedidos', scene.token, {
      fornecedor_id: scene.supplierId,
      local_id: scene.localId,
      itens: [{ insumo_id: scene.caixaId, quantidade: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const cancel = (id: string, body?: unknown, key: string | null = null) =>
    post(scene.app, `/v1/compras/pedidos/${id}/cancelamento`, scene.token, body, { key });

  it('an open order becomes cancelado (200, X-Posicao-Log); with no body and no Content-Type too', async () => {
    const order = await createOrder();
    const res = await cancel(order.id, { motivo: 'preço' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, situacao: 'cancelado', motivo_cancelamento: 'preço' });
    expect(res.headers['x-posicao-log']).toMatch(/^\d+$/);
    const bare = await createOrder();
    const noBody = await cancel(bare.id);
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json()).toMatchObject({ situacao: 'cancelado', motivo_cancelamento: null });
  });

  it('409 for an order already cancelled; a retry with the same key replays its first answer', async () => {
    const order = await createOrder();
    const key = randomUUID();
    const first = await cancel(order.id, {}, key);
    const again = await cancel(order.id, {}, key);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expectError(await cancel(order.id, {}), 409, 'conflito');
  });

  it('404 for an unknown id, another company’s order, or an id that is not a uuid; 422 for a long motivo', async () => {
    expectError(await cancel(randomUUID(), {}), 404, 'nao_encontrado');
    expectError(await cancel('nao-e-uuid', {}), 404, 'nao_encontrado');
    const other = await startPurchasesScene();
    const theirs = await post(other.app, '/v1/compras/pedidos', other.token, {
      fornecedor_id: other.supplierId,
      local_id: other.localId,
      itens: [{ insumo_id: other.caixaId, quantidade: 1 }],
    });
    expectError(await cancel(theirs.json().id, {}), 404, 'nao_encontrado');
    const order = await createOrder();
    expectError(await cancel(order.id, { motivo: 'x'.repeat(501) }), 422, 'validacao', 'motivo');
  });
});
