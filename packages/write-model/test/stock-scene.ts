// A company with active locations on a test database, for the stock use cases' tests: the stock
// write model over it, supply items defined on their stock streams alone, and manual entries.
import { randomUUID } from 'node:crypto';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import { createTestDatabase, type TestDatabase } from '@factory/testing';
import { beforeAll } from 'vitest';
import { createStockWriteModel, type StockWriteModel } from '../src/stock/stock-write-model.js';
import type { WriteContext } from '../src/write-context.js';
import { defineSupplyItem } from './stock/define-supply-item.js';

export const NOW = new Date('2026-02-01T08:30:00.000Z');

export interface StockWriteScene {
  readonly db: TestDatabase;
  /** Snapshots every 5 events. */
  readonly stock: StockWriteModel;
  readonly tenant: TenantFixture;
  context(key?: string | null): WriteContext;
  /** Defines (or redefines) a supply item `FIO-1` bought in `cx` of 12 `un` unless told otherwise. */
  defineItem(
    fields?: { fatorConversao?: string; unidadeCompra?: string },
    insumoId?: string,
  ): Promise<string>;
  /** An `entrada_manual` of `quantidade` at 2 each in the first location. */
  entry(
    insumoId: string,
    key?: string | null,
    quantidade?: number,
  ): ReturnType<StockWriteModel['registrarMovimento']>;
}

/** Call inside a describe: the scene is ready from its tests on (a beforeAll builds it). */
export function stockWriteScene(): StockWriteScene {
  let db: TestDatabase;
  let stock: StockWriteModel;
  let tenant: TenantFixture;
  beforeAll(async () => {
    db = await createTestDatabase();
    stock = createStockWriteModel({ pool: db.pool, snapshotEvery: 5 });
    tenant = await createTenantFixture(db.pool, { escopos: ['estoque:escrever'] });
  });
  const context = (key: string | null = null): WriteContext => ({
    empresaId: tenant.empresaId,
    tokenId: tenant.tokenId,
    requestId: null,
    idempotencyKey: key,
    now: NOW,
  });
  return {
    get db() {
      return db;
    },
    get stock() {
      return stock;
    },
    get tenant() {
      return tenant;
    },
    context,
    async defineItem(fields = {}, insumoId = randomUUID()) {
      await defineSupplyItem(db.pool, {
        empresaId: tenant.empresaId,
        insumoId,
        sku: 'FIO-1',
        unidadeCompra: fields.unidadeCompra ?? 'cx',
        unidadeConsumo: 'un',
        fatorConversao: fields.fatorConversao ?? '12',
        custoReferencia: null,
        now: NOW,
      });
      return insumoId;
    },
    entry: (insumoId, key = null, quantidade = 1) =>
      stock.registrarMovimento(context(key), {
        insumo_id: insumoId,
        local_id: tenant.locais[0]!.id,
        tipo: 'entrada_manual',
        quantidade,
        custo_unitario: 2,
      }),
  };
}
