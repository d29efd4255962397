import { randomUUID } from 'node:crypto';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type PurchasesWriteScene, startPurchasesWriteScene } from '../../test/purchases-scene.js';
import { createPurchasesWriteModel, type PurchasesWriteModel } from './purchases-write-model.js';

// The write model's own guarantees, with two instances standing for two processes (no HTTP, no
// idempotency layer in front): numbers under concurrency, a receipt racing its order's
// cancellation, and a command retried with its key after it committed.

describeWith(['postgres'], 'purchases write model', () => {
  let db: TestDatabase;
  let scene: PurchasesWriteScene;
  let one: PurchasesWriteModel;
  let two: PurchasesWriteModel;
  const calendar = { fuso: 'America/Sao_Paulo', horaVirada: '05:00' };
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 12 });
    scene = await startPurchasesWriteScene(db);
    one = createPurchasesWriteModel({ pool: db.pool });
    two = createPurchasesWriteModel({ pool: db.pool });
  });
  const createOrder = (model: PurchasesWriteModel, key: string | null = null) =>
    model.criarPedido(scene.context(key), {
      fornecedor_id: scene.supplierId,
      local_id: scene.localId,
      itens: [{ insumo_id: scene.insumoId, quantidade: 10 }],
      calendar,
      podeVerCustos: true,
    });

  it('gives 24 concurrent creations from two processes the numbers 1 to 24, each once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) => createOrder(i % 2 === 0 ? one : two)),
    );
    const numeros = outcomes.map((o) => {
      if (!o.ok) throw new Error(JSON.stringify(o.error));
      return o.value.criado.numero;
    });
    expect(numeros.sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('a receipt racing its order’s cancellation: either order is consistent, never both lost or doubled', async () => {
    for (let round = 0; round < 8; round++) {
      const created = await createOrder(one);
      if (!created.ok) throw new Error(JSON.stringify(created.error));
      const pedidoId = created.value.criado.pedido_id;
      const [received, cancelled] = await Promise.all([
        one.receberNota(scene.context(), scene.receipt({ qCom: '4', pedido_id: pedidoId })),
        two.cancelarPedido(scene.context(), { pedido_id: pedidoId }),
      ]);
      expect(cancelled.ok).toBe(true);
      const { rows } = await db.pool.query<{ type: string }>(
        'SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision',
        [`pedido_compra-${scene.tenant.empresaId}-${pedidoId}`],
      );
      if (received.ok) {
        // The receipt came first: the cancellation was decided again on the partial order.
        expect(rows.map((r) => r.type)).toEqual([
          'PedidoCompraCriado.v1',
          'PedidoCompraAtendido.v1',
          'PedidoCompraCancelado.v1',
        ]);
      } else {
        expect(received.error.kind).toBe('conflict');
        expect(rows.map((r) => r.type)).toEqual(['PedidoCompraCriado.v1', 'PedidoCompraCancelado.v1']);
      }
    }
  });

  it('a command retried with its key after it committed answers what it wrote, writing nothing more', async () => {
    const key = randomUUID();
    const input = scene.receipt();
    const first = await one.receberNota(scene.context(key), input);
    const again = await two.receberNota(scene.context(key), input);
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(again).toMatchObject({ ok: true, replayed: true });
    if (!first.ok || !again.ok) return;
    expect(again.value).toEqual(first.value);
    expect(again.position).toBe(first.position);
    const cancelKey = randomUUID();
    const nota_id = first.value.recebida.nota_id;
    const cancel = await one.cancelarRecebimento(scene.context(cancelKey), { nota_id });
    const cancelAgain = await two.cancelarRecebimento(scene.context(cancelKey), { nota_id });
    expect(cancel).toMatchObject({ ok: true, replayed: false });
    expect(cancelAgain).toMatchObject({
      ok: true,
      replayed: true,
      position: cancel.ok ? cancel.position : -1,
    });
    const orderKey = randomUUID();
    const order = await createOrder(one, orderKey);
    const orderAgain = await createOrder(two, orderKey);
    expect(orderAgain).toMatchObject({ ok: true, replayed: true });
    if (order.ok && orderAgain.ok) expect(orderAgain.value.criado.numero).toBe(order.value.criado.numero);
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type IN ('NotaRecebida.v1', 'NotaCancelada.v1')
        AND data->>'chave' = $1`,
      [input.documento.chave],
    );
    expect(rows[0]!.n).toBe(2);
  });
});
