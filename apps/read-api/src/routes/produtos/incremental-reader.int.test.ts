import { describeWith, TestClock } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  randomStep,
  seedCatalog,
} from '../../../../../packages/read-models/src/catalog/catalog-workload.fixture.js';
import { type CatalogApi, createCatalogApi, type Tenant, traverse } from './catalog-api.fixture.js';

type Row = Record<string, unknown>;

/** A TestClock that follows the system clock: this test runs in real time. */
class SystemClock extends TestClock {
  override now = (): Date => new Date();
}

/**
 * The specification's incremental reader: keep the greatest atualizado_em seen, send it as the
 * inclusive lower bound, follow proximo_cursor to the end, and upsert rows by id.
 */
class IncrementalReplica {
  readonly rows = new Map<string, Row>();
  #greatest: string | null = null;

  constructor(
    readonly api: CatalogApi,
    readonly url: string,
  ) {}

  async pull(token: string): Promise<void> {
    const since = this.#greatest ? `&atualizado_desde=${encodeURIComponent(this.#greatest)}` : '';
    for (const row of await traverse(this.api.app, `${this.url}?limite=7${since}`, token)) {
      this.rows.set(row.id as string, row);
      if (!this.#greatest || (row.atualizado_em as string) > this.#greatest)
        this.#greatest = row.atualizado_em as string;
    }
  }

  sorted = (): Row[] =>
    [...this.rows.values()].sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1));
}

const WINDOW_SECONDS = 1;
const WRITE_MS = 3000;

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
    const produtos = new IncrementalReplica(api, '/v1/produtos');
    const insumos = new IncrementalReplica(api, '/v1/insumos');

    const until = Date.now() + WRITE_MS;
    const writers = [0, 1, 2].map(async () => {
      while (Date.now() < until) {
        await randomStep(empresa.writer, workload);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    let reading = true;
    let pulls = 0;
    const reader = (async () => {
      while (reading) {
        await produtos.pull(empresa.token);
        await insumos.pull(empresa.token);
        pulls++;
      }
    })();
    await Promise.all(writers);

    // Quiescence: everything projected, and the window has passed the last write.
    await api.settled();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 300));
    await api.settled();
    reading = false;
    await reader;
    await produtos.pull(empresa.token);
    await insumos.pull(empresa.token);

    const byId = (rows: Row[]) => [...rows].sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1));
    const full = byId(await traverse(api.app, '/v1/produtos?limite=200', empresa.token));
    expect(pulls).toBeGreaterThan(5);
    expect(full).toHaveLength(12);
    expect(full.filter((r) => r.tem_ficha).length).toBeGreaterThan(0);
    expect(produtos.sorted()).toEqual(full);
    expect(insumos.sorted()).toEqual(byId(await traverse(api.app, '/v1/insumos?limite=200', empresa.token)));
  }, 60_000);
});
