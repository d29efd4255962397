import { PROJECTIONS, verifyProjections } from '@factory/read-models';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  randomStep,
  seedCatalog,
} from '../../../../../packages/read-models/test/catalog/catalog-workload.fixture.js';
import { IncrementalReplica, replicateWhile } from '../../../test/routes/incremental-replica.fixture.js';
import {
  type CatalogApi,
  createCatalogApi,
  type Row,
  SystemClock,
  type Tenant,
  traverse,
} from '../../../test/routes/produtos/catalog-api.fixture.js';

const WINDOW_SECONDS = 1;
const STEPS_PER_WRITER = 30;

// Invariant 7 with derived values: stock movements re-cost products at any depth while a BI
// client reads /v1/produtos and /v1/insumos incrementally through the window; once all is
// quiet its replicas equal the full lists, costs included.
describeWith(['postgres'], 'incremental reading of the catalog lists while costs move', () => {
  let api: CatalogApi;
  let empresa: Tenant;

  beforeAll(async () => {
    api = await createCatalogApi({ windowSeconds: WINDOW_SECONDS, clock: new SystemClock() });
    empresa = await api.tenant(['produtos:ler', 'insumos:ler', 'custos:ler']);
  });

  it('ends with exact replicas of /v1/produtos and /v1/insumos', async () => {
    const workload = await seedCatalog(empresa.writer, { items: 5, products: 12 });
    const produtos = new IncrementalReplica(api.app, '/v1/produtos');
    const insumos = new IncrementalReplica(api.app, '/v1/insumos');

    // Fixed steps, every tenth after a pull that started after it: the reader races the writers
    // however fast either side runs on the machine.
    const writers = [0, 1, 2].map(async () => {
      for (let step = 0; step < STEPS_PER_WRITER; step++) {
        if (step % 10 === 9) await produtos.nextPull();
        await randomStep(empresa.writer, workload);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    const pulls = await replicateWhile(api, {
      replicas: [produtos, insumos],
      token: empresa.token,
      windowSeconds: WINDOW_SECONDS,
      writing: Promise.all(writers),
    });

    const byId = (rows: Row[]) => [...rows].sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1));
    const full = byId(await traverse(api.app, '/v1/produtos?limite=200', empresa.token));
    expect(pulls).toBeGreaterThan(5);
    expect(full).toHaveLength(12);
    expect(full.filter((r) => r.tem_ficha).length).toBeGreaterThan(0);
    expect(produtos.sorted()).toEqual(full);
    expect(insumos.sorted()).toEqual(byId(await traverse(api.app, '/v1/insumos?limite=200', empresa.token)));
    // And the lists are what a replay of the log gives (the strongest oracle: verificar).
    expect(
      await verifyProjections({
        pool: api.db.pool,
        eventStore: api.store,
        projections: PROJECTIONS,
        empresa: empresa.empresaId,
      }),
    ).toMatchObject({ diferencas: 0 });
  }, 60_000);
});
