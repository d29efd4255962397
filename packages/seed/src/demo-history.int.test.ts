import {
  listNotas,
  listOrders,
  liveTarget,
  PROJECTIONS,
  startProjector,
  waitUntilCaughtUp,
} from '@factory/read-models';
import { seedDemoCompany } from '@factory/tenants';
import { createTestDatabase, describeWith } from '@factory/testing';
import { createWriteStore } from '@factory/write-model';
import { expect, it } from 'vitest';
import { seedDemoHistory } from './demo-history.js';

describeWith(['postgres'], 'the demo history of npm start', () => {
  it('gives the demo company purchase orders in every state and received invoices, shown by the lists once projected', async () => {
    const db = await createTestDatabase();
    const store = createWriteStore({ pool: db.pool });
    const now = new Date();
    const { empresaId } = await seedDemoCompany(db.pool, now);

    const projector = startProjector({ pool: db.pool, eventStore: store, projections: PROJECTIONS });
    try {
      expect(await seedDemoHistory(db.pool, store, empresaId, now)).toBeGreaterThan(0);
      // A second start finds the catalog and writes nothing.
      expect(await seedDemoHistory(db.pool, store, empresaId, now)).toBe(0);
      for (const projection of PROJECTIONS)
        await waitUntilCaughtUp(db.pool, store, liveTarget(projection).checkpointName, { timeoutMs: 60_000 });
    } finally {
      await projector.close();
    }

    const page = { empresaId, filters: {}, window: { now: new Date(), windowSeconds: 30 }, after: null };
    const pedidos = await listOrders(db.pool, { ...page, limit: 100 });
    expect(new Set(pedidos.map((p) => p.situacao))).toEqual(
      new Set(['aberto', 'parcial', 'recebido', 'cancelado']),
    );
    expect(pedidos.map((p) => p.numero).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    const notas = await listNotas(db.pool, { ...page, limit: 100 });
    expect(notas).toHaveLength(6);
    expect(notas.every((n) => n.situacao === 'recebida' && n.ambiente === 'producao')).toBe(true);
    // The demo company is `real` and an IPI taxpayer: its receipts recover taxes.
    const itens = notas.flatMap((n) => n.itens);
    expect(itens.filter((i) => Number(i.custo_unitario) < Number(i.custo_unitario_bruto))).toEqual(itens);
  }, 180_000);
});
