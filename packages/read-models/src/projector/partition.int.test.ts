import { randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '@factory/event-store';
import { createTestDatabase, describeWith } from '@factory/testing';
import { expect, it } from 'vitest';
import { randomStep, seedCatalog } from '../../test/catalog/catalog-workload.fixture.js';
import { CatalogWriter } from '../../test/catalog/catalog-writer.fixture.js';
import { buildPartitioned, differences } from '../../test/projector/partition-simulation.fixture.js';
import { partitionOf } from './partition.js';

// Issue 10, part 6, on one machine: 1, 2 and 4 projector workers partitioned by company, each
// with its own checkpoints, build from one log exactly the rows a single worker builds, every
// table of every projection compared row by row and field by field.
const PARTITIONS = 4;
const COMPANIES_PER_PARTITION = 2;

/**
 * Random companies, as many in each partition of PARTITIONS, so that every worker owns some (or
 * the test would prove less than it says). Drawn until each partition is full: redrawing one
 * company until all are covered never ends when the others fill two partitions or fewer.
 */
function companiesInEveryPartition(): string[] {
  const byPartition = Array.from({ length: PARTITIONS }, () => [] as string[]);
  while (byPartition.some((owned) => owned.length < COMPANIES_PER_PARTITION)) {
    const empresa = randomUUID();
    const owned = byPartition[partitionOf(empresa, PARTITIONS)]!;
    if (owned.length < COMPANIES_PER_PARTITION) owned.push(empresa);
  }
  return byPartition.flat();
}

describeWith(['postgres'], 'projector workers partitioned by company', () => {
  it('build, for N = 2 and 4, the same read models as one worker', async () => {
    const db = await createTestDatabase({ poolSize: 8 });
    const store = createPostgresEventStore({ pool: db.pool, listen: null });
    const empresas = companiesInEveryPartition();
    await Promise.all(
      empresas.map(async (empresa) => {
        const w = new CatalogWriter(store, empresa);
        const workload = await seedCatalog(w, { items: 5, products: 8 });
        await w.fornecedor({ nome: 'F', regime: 'simples' });
        for (let i = 0; i < 40; i++) await randomStep(w, workload);
      }),
    );
    await store.close();

    await buildPartitioned({
      databaseUrl: db.url,
      pool: db.pool,
      workers: 1,
      schema: 'sim_1',
      batchSize: 50,
    });
    for (const workers of [2, PARTITIONS]) {
      const schema = `sim_${workers}`;
      await buildPartitioned({ databaseUrl: db.url, pool: db.pool, workers, schema, batchSize: 50 });
      const compared = await differences(db.pool, 'sim_1', schema);
      expect(compared.filter((t) => t.count > 0)).toEqual([]);
      // The comparison had rows to compare in the tables the workload writes.
      expect(compared.filter((t) => t.rows > 0).length).toBeGreaterThanOrEqual(5);
    }
  }, 180_000);
});
