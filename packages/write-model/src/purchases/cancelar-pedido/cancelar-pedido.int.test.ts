import { describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { twoPurchasesProcesses } from '../../../test/purchases-processes.js';

describeWith(['postgres'], 'cancelarPedido', () => {
  const p = twoPurchasesProcesses();

  it('a receipt racing its order’s cancellation: either order is consistent, never both lost or doubled', async () => {
    for (let round = 0; round < 8; round++) {
      const created = await p.createOrder(p.one);
      if (!created.ok) throw new Error(JSON.stringify(created.error));
      const pedidoId = created.value.criado.pedido_id;
      const [received, cancelled] = await Promise.all([
        p.one.receberNota(p.scene.context(), p.scene.receipt({ qCom: '4', pedido_id: pedidoId })),
        p.two.cancelarPedido(p.scene.context(), { pedido_id: pedidoId }),
      ]);
      expect(cancelled.ok).toBe(true);
      const { rows } = await p.db.pool.query<{ type: string }>(
        'SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision',
        [`pedido_compra-${p.scene.tenant.empresaId}-${pedidoId}`],
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
});
