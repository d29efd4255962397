import { randomInt, randomUUID } from 'node:crypto';
import { PROJECTIONS, verifyProjections } from '@factory/read-models';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CreatedOrder,
  createPurchasesApi,
  type NotaData,
  type PurchasesApi,
  type PurchasesTenant,
  type Row,
  SystemClock,
  traverse,
} from '../../../test/routes/compras/purchases-api.fixture.js';
import { IncrementalReplica, replicateWhile } from '../../../test/routes/incremental-replica.fixture.js';

const WINDOW_SECONDS = 1;
const STEPS = 80;

// Invariant 7 for the purchases lists: orders are received, undone and cancelled, invoices
// received and cancelled, while a BI client reads /v1/compras/pedidos and /v1/notas
// incrementally through the window; once all is quiet its replicas equal the full lists, and
// the read models are what a replay of the log gives.
describeWith(
  ['postgres'],
  'incremental reading of the purchases lists while orders and invoices change',
  () => {
    let api: PurchasesApi;
    let empresa: PurchasesTenant;

    beforeAll(async () => {
      api = await createPurchasesApi({ windowSeconds: WINDOW_SECONDS, clock: new SystemClock() });
      empresa = await api.tenant(['compras:ler', 'notas:ler', 'custos:ler']);
    });

    it('ends with exact replicas of /v1/compras/pedidos and /v1/notas', async () => {
      const w = empresa.writer;
      const now = () => new Date().toISOString();
      const orders: CreatedOrder[] = [];
      const cancelled = new Set<CreatedOrder>();
      const received: Array<{ order: CreatedOrder; nota: NotaData }> = [];
      let numero = 0;
      let kept: CreatedOrder | null = null;
      // One writer: an order's events are decided in sequence, as its stream's revision makes them.
      // The facts are those a decider would give: a cancelled order takes no receipt and stays
      // cancelled when one is undone; one receipt of 5 of 10 leaves an order partial.
      // The first step opens an order and the second receives it; that receipt is never undone,
      // so some order ends with a quantity received however the dice fall.
      const step = async (i: number) => {
        const open = orders.filter((o) => !cancelled.has(o));
        const choice = i === 1 ? 3 : randomInt(10);
        if (choice < 3 || open.length === 0) {
          orders.push(
            await w.pedido(now(), {
              numero: ++numero,
              itens: [{ quantidade: '10', preco_unitario: '2.5' }, { quantidade: '4' }],
            }),
          );
        } else if (choice < 6) {
          const order = open[randomInt(open.length)]!;
          const nota = await w.receber(now(), { pedido_id: order.pedido_id });
          await w.atender(now(), order, nota.nota_id, [[0, '5']], 'parcial');
          if (kept) received.push({ order, nota });
          else kept = order;
        } else if (choice < 8 && received.length > 0) {
          const { order, nota } = received.splice(randomInt(received.length), 1)[0]!;
          await w.cancelarNota(now(), nota);
          const left = order === kept || received.some((r) => r.order === order);
          await w.desfazer(
            now(),
            order,
            nota.nota_id,
            [[0, '5']],
            cancelled.has(order) ? 'cancelado' : left ? 'parcial' : 'aberto',
          );
        } else {
          const order = open[randomInt(open.length)]!;
          await w.cancelarPedido(now(), order.pedido_id, `motivo ${randomUUID()}`);
          cancelled.add(order);
        }
      };
      const pedidos = new IncrementalReplica(api.app, '/v1/compras/pedidos');
      const notas = new IncrementalReplica(api.app, '/v1/notas');
      // A fixed number of steps, and every tenth waits for a pull that started after it, so the
      // reader races the writers however fast either side runs (a loaded machine slows both).
      const writing = (async () => {
        for (let i = 0; i < STEPS; i++) {
          if (i % 10 === 9) await pedidos.nextPull();
          await step(i);
        }
      })();
      const pulls = await replicateWhile(api, {
        replicas: [pedidos, notas],
        token: empresa.token,
        windowSeconds: WINDOW_SECONDS,
        writing,
      });

      const byId = (rows: Row[]) => [...rows].sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1));
      const fullOrders = byId(await traverse(api.app, '/v1/compras/pedidos?limite=200', empresa.token));
      expect(pulls).toBeGreaterThan(5);
      expect(fullOrders).toHaveLength(orders.length);
      expect(fullOrders.some((r) => (r.itens as Row[])[0]!.quantidade_recebida !== 0)).toBe(true);
      expect(pedidos.sorted()).toEqual(fullOrders);
      expect(notas.sorted()).toEqual(byId(await traverse(api.app, '/v1/notas?limite=200', empresa.token)));
      expect(
        await verifyProjections({
          pool: api.db.pool,
          eventStore: api.store,
          projections: PROJECTIONS.filter((p) => p.name === 'compras'),
          empresa: empresa.empresaId,
        }),
      ).toMatchObject({ diferencas: 0 });
    }, 60_000);
  },
);
