import { randomInt } from 'node:crypto';
import { PROJECTIONS, verifyProjections } from '@factory/read-models';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  createStockApi,
  type StockApi,
  SystemClock,
  type Tenant,
  traverse,
} from '../../../test/routes/estoque-listas/stock-api.fixture.js';
import { IncrementalReplica, replicateWhile } from '../../../test/routes/incremental-replica.fixture.js';

const WINDOW_SECONDS = 1;
const STEPS_PER_WRITER = 40;

// Invariant 7, end to end: writers append while the projector runs and a BI client reads
// incrementally through the window; once all is quiet its replica equals the full lists.
describeWith(['postgres'], 'incremental reading of the stock lists', () => {
  let api: StockApi;
  let empresa: Tenant;

  beforeAll(async () => {
    api = await createStockApi({ windowSeconds: WINDOW_SECONDS, clock: new SystemClock() });
    empresa = await api.tenant(['estoque:ler', 'custos:ler']);
  });

  it('ends with an exact replica of /v1/estoque/saldos and /v1/estoque/movimentos', async () => {
    const locais = empresa.locais.map((l) => l.id);
    const items = await Promise.all(Array.from({ length: 8 }, () => empresa.writer.defineItem()));
    const saldos = new IncrementalReplica(api.app, '/v1/estoque/saldos', {
      since: 'atualizado_desde',
      stamp: 'atualizado_em',
      keyOf: (r) => `${r.insumo_id}|${r.local_id}`,
    });
    const movimentos = new IncrementalReplica(api.app, '/v1/estoque/movimentos', {
      since: 'desde',
      stamp: 'criado_em',
      keyOf: (r) => r.id as string,
    });

    let appended = 0;
    // Fixed steps, every tenth after a pull that started after it: the reader races the writers
    // however fast either side runs on the machine.
    const writers = [0, 1, 2, 3].map(async (w) => {
      const mine = items.filter((_, i) => i % 4 === w);
      const reversible: Array<[string, string]> = [];
      for (let step = 0; step < STEPS_PER_WRITER; step++) {
        if (step % 10 === 9) await saldos.nextPull();
        const insumo = mine[randomInt(mine.length)]!;
        if (reversible.length > 0 && randomInt(6) === 0) {
          const [item, id] = reversible.splice(randomInt(reversible.length), 1)[0]!;
          await empresa.writer.reverse(item, id);
        } else {
          const quantity = randomInt(5) === 0 ? -randomInt(1, 9) : randomInt(1, 9);
          const event = await empresa.writer.move(insumo, locais[randomInt(locais.length)]!, quantity, {
            custo_unitario: quantity > 0 ? randomInt(1, 100) : null,
          });
          reversible.push([insumo, event.data.movimento_id]);
        }
        appended++;
        await new Promise((resolve) => setTimeout(resolve, randomInt(2, 12)));
      }
    });
    const pulls = await replicateWhile(api, {
      replicas: [saldos, movimentos],
      token: empresa.token,
      windowSeconds: WINDOW_SECONDS,
      writing: Promise.all(writers),
    });

    const fullSaldos = await traverse(api.app, '/v1/estoque/saldos?limite=200', empresa.token);
    const fullMovimentos = await traverse(api.app, '/v1/estoque/movimentos?limite=200', empresa.token);
    expect(pulls).toBeGreaterThan(5);
    expect(fullMovimentos).toHaveLength(appended);
    expect(movimentos.sorted()).toEqual(
      [...fullMovimentos].sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1)),
    );
    expect(saldos.sorted()).toEqual(
      [...fullSaldos].sort((a, b) =>
        `${a.insumo_id}|${a.local_id}` < `${b.insumo_id}|${b.local_id}` ? -1 : 1,
      ),
    );
    // And the lists are what a replay of the log gives (the strongest oracle: verificar).
    expect(
      await verifyProjections({
        pool: api.db.pool,
        eventStore: api.store,
        projections: PROJECTIONS,
        empresa: empresa.empresaId,
      }),
    ).toMatchObject({ diferencas: 0 });
    // And the balances are the sums of the movements.
    const sums = new Map<string, number>();
    for (const m of fullMovimentos) {
      const key = `${m.insumo_id}|${m.local_id}`;
      sums.set(key, (sums.get(key) ?? 0) + (m.quantidade as number));
    }
    for (const s of fullSaldos) expect(s.saldo).toBeCloseTo(sums.get(`${s.insumo_id}|${s.local_id}`)!, 9);
  }, 60_000);
});
