import { randomUUID } from 'node:crypto';
import type { EventLog, EventStore } from '@factory/event-store';
import { kurrentForTests } from '@factory/event-store/testing';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, describeWith, type TestDatabase } from '@factory/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentionObserver } from '../handle-command.js';
import { createWriteStore, type RowsMode } from '../write-store.js';
import type { CatalogWriteContext } from './catalog-context.js';
import { type CatalogWriteModel, createCatalogWriteModel } from './catalog-write-model.js';

// The relations fence on every log the service runs on: PostgreSQL with rows in the commit, rows
// after it (as KurrentDB writes them), and KurrentDB itself when a server can be had.
const kurrent = await kurrentForTests();
const logs: Array<{ name: string; log: EventLog; rows: RowsMode }> = [
  { name: 'PostgreSQL, rows in the commit', log: { kind: 'postgres' }, rows: 'in-commit' },
  { name: 'PostgreSQL, rows after the commit', log: { kind: 'postgres' }, rows: 'after-commit' },
  ...(kurrent.url === null
    ? []
    : [
        {
          name: `KurrentDB (${kurrent.source})`,
          log: { kind: 'kurrentdb', url: kurrent.url } as const,
          rows: 'after-commit' as const,
        },
      ]),
];
if (kurrent.url === null) {
  console.warn(`SKIPPED "relations fence on KurrentDB": ${kurrent.why}`);
  describe.skip(`relations fence on KurrentDB (SKIPPED: ${kurrent.why})`, () => {
    it('serialises relational writes of two processes', () => {});
  });
}

const NOW = new Date('2026-03-10T12:00:00.000Z');

for (const { name, log, rows } of logs)
  describeWith(['postgres'], `relations fence: ${name}`, () => {
    let db: TestDatabase;
    let context: CatalogWriteContext;
    const told: Array<{ attempts: number; gaveUp: boolean }> = [];
    const observer: ContentionObserver = { contended: (write) => told.push(write) };
    // One write model per process, as the write API makes it: each has its own lane.
    const stores: EventStore[] = [];
    const processModel = () => {
      const store = createWriteStore({ pool: db.pool, log, rows });
      stores.push(store);
      return createCatalogWriteModel({ pool: db.pool, store, contention: { observer } });
    };
    afterAll(() => Promise.all(stores.map((store) => store.close())));
    const products = async (catalog: CatalogWriteModel, n: number) =>
      Promise.all(
        Array.from({ length: n }, async () => {
          const saved = await catalog.produtosLoteItem(context, {
            sku: `S-${randomUUID().slice(0, 8)}`,
            nome: 'P',
          });
          if (!saved.ok) throw new Error(JSON.stringify(saved.error));
          return saved.id;
        }),
      );
    const uses = (componente_id: string) => [{ tipo: 'produto', componente_id, consumo: 1 }];

    beforeAll(async () => {
      db = await createTestDatabase({ poolSize: 10 });
      const tenant = await createTenantFixture(db.pool, { escopos: ['fichas:escrever'], now: NOW });
      context = {
        empresaId: tenant.empresaId,
        tokenId: tenant.tokenId,
        requestId: null,
        idempotencyKey: null,
        now: NOW,
        canReadCosts: true,
      };
    });

    it('queues one process’s relational writes of a company: 24 at once, none retried', async () => {
      const catalog = processModel();
      const ids = await products(catalog, 25);
      told.length = 0;
      // A chain: each bill uses the next product, all sent at once.
      const bills = await Promise.all(
        ids.slice(0, 24).map((id, i) => catalog.substituirFicha(context, id, uses(ids[i + 1]!))),
      );
      expect(bills.every((b) => b.ok)).toBe(true);
      expect(told).toEqual([]);
    });

    it('lets only one of two PUTs from two processes that together would close a cycle commit', async () => {
      const [a, b] = [processModel(), processModel()];
      const pairs = await Promise.all(Array.from({ length: 8 }, () => products(a, 2)));
      const answers = await Promise.all(
        pairs.map(([x, y]) =>
          Promise.all([a.substituirFicha(context, x!, uses(y!)), b.substituirFicha(context, y!, uses(x!))]),
        ),
      );
      for (const pair of answers) expect(pair.map((bill) => bill.ok).sort()).toEqual([false, true]);
      expect(told.every((write) => !write.gaveUp)).toBe(true);
    });
  });
