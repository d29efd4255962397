// A company on a test database, for the catalog use cases' tests: the catalog write model over
// it, a context that may read costs, and products saved with only what a test cares about.
import { randomUUID } from 'node:crypto';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, type TestDatabase } from '@factory/testing';
import { beforeAll } from 'vitest';
import type { CatalogWriteContext } from '../src/catalog/catalog-context.js';
import { type CatalogWriteModel, createCatalogWriteModel } from '../src/catalog/catalog-write-model.js';

export const NOW = new Date('2026-03-10T12:00:00.000Z');

export interface CatalogWriteScene {
  readonly db: TestDatabase;
  readonly catalog: CatalogWriteModel;
  readonly context: CatalogWriteContext;
  /** The company's first location. */
  readonly localId: string;
  /** A fresh SKU. */
  sku(): string;
  query(text: string, values: unknown[]): Promise<Record<string, unknown>[]>;
  /** Saves a product (name `P`, a fresh SKU unless given) and answers its id; throws if refused. */
  saveProduct(item: Record<string, unknown>): Promise<string>;
}

/** Call inside a describe: the scene is ready from its tests on (a beforeAll builds it). */
export function catalogWriteScene(): CatalogWriteScene {
  let db: TestDatabase;
  let catalog: CatalogWriteModel;
  let context: CatalogWriteContext;
  let localId: string;
  const sku = () => `S-${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 6 });
    catalog = createCatalogWriteModel({ pool: db.pool });
    const tenant = await createTenantFixture(db.pool, { escopos: ['produtos:escrever'], now: NOW });
    localId = tenant.locais[0]!.id;
    context = {
      empresaId: tenant.empresaId,
      tokenId: tenant.tokenId,
      requestId: null,
      idempotencyKey: null,
      now: NOW,
      canReadCosts: true,
    };
  });
  return {
    get db() {
      return db;
    },
    get catalog() {
      return catalog;
    },
    get context() {
      return context;
    },
    get localId() {
      return localId;
    },
    sku,
    query: async (text, values) => (await db.pool.query(text, values)).rows,
    async saveProduct(item) {
      const outcome = await catalog.produtosLoteItem(context, { nome: 'P', ...item, sku: item.sku ?? sku() });
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
      return outcome.id;
    },
  };
}
