// The write API on a test database, with helpers shared by the stock route tests.
import { randomUUID } from 'node:crypto';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import {
  createTestApi,
  createTestDatabase,
  rowsModeOfTests,
  TestClock,
  type TestDatabase,
} from '@factory/testing';
import { defineSupplyItem } from '@factory/write-model/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { writeApiRoutes } from '../../src/index.js';

export const NOW = '2026-03-10T12:00:00.000Z';
export const NOW_TEXT = '2026-03-10T12:00:00.000+00:00';

export interface StockApi {
  db: TestDatabase;
  app: FastifyInstance;
  clock: TestClock;
  tenant(escopos?: string[]): Promise<TenantFixture>;
  /** A supply item in `m`, bought in `rolo` of 50 m, reference cost 2.5. */
  item(empresaId: string): Promise<string>;
  /** The same item created through the catalog API, as a client would (needs `insumos:escrever`). */
  catalogItem(token: string): Promise<string>;
  /** Deletes a supply item through the catalog API (needs `insumos:escrever`). */
  deleteItem(token: string, insumoId: string): Promise<void>;
}

export async function startStockApi(): Promise<StockApi> {
  const db = await createTestDatabase({ poolSize: 20 });
  const clock = new TestClock(new Date(NOW));
  const { app } = await createTestApi(db, {
    checkAnswers: true,
    routes: writeApiRoutes({ pool: db.pool, clock: clock.now, rows: rowsModeOfTests() }),
    clock,
    // the concurrency tests send more than a minute's worth of calls
    limits: { perToken: 1_000_000, perCompany: 1_000_000 },
  });
  return {
    db,
    app,
    clock,
    tenant: (escopos = ['estoque:escrever', 'custos:ler']) =>
      createTenantFixture(db.pool, { escopos, now: clock.now() }),
    async item(empresaId) {
      const insumoId = randomUUID();
      await defineSupplyItem(db.pool, {
        empresaId,
        insumoId,
        sku: `TEC-${insumoId.slice(0, 6)}`,
        unidadeCompra: 'rolo',
        unidadeConsumo: 'm',
        fatorConversao: '50',
        custoReferencia: '2.5',
        now: clock.now(),
      });
      return insumoId;
    },
    async catalogItem(token) {
      const sku = `TEC-${randomUUID().slice(0, 8)}`;
      const itens = [
        { sku, nome: 'Tecido', unidade_compra: 'rolo', unidade_consumo: 'm', fator_conversao: 50 },
      ];
      const res = await post(app, '/v1/insumos/lote', token, { itens }, { key: null });
      const [result] = res.json().resultados;
      expect(result, res.body).toMatchObject({ ok: true, sku });
      return result.id;
    },
    async deleteItem(token, insumoId) {
      const headers = { authorization: `Bearer ${token}` };
      const res = await app.inject({ method: 'DELETE', url: `/v1/insumos/${insumoId}`, headers });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
}

/** What the movement route tests start from: the API, a company with its token, a location, an item. */
export interface MovementScene {
  api: StockApi;
  empresaId: string;
  token: string;
  localId: string;
  insumoId: string;
}

/** `location` picks one of the company's locations (the first by default). */
export async function startMovementScene(location = 0): Promise<MovementScene> {
  const api = await startStockApi();
  const { empresaId, token, locais } = await api.tenant();
  return { api, empresaId, token, localId: locais[location]!.id, insumoId: await api.item(empresaId) };
}

export interface PostOptions {
  key?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** POSTs `payload` (an object is sent as JSON text) with a fresh Idempotency-Key by default. */
export function post(
  app: FastifyInstance,
  url: string,
  token: string,
  payload?: unknown,
  options: PostOptions = {},
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...options.headers };
  const key = options.key === undefined ? randomUUID() : options.key;
  if (key !== null) headers['idempotency-key'] = key;
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType !== null && payload !== undefined) headers['content-type'] = contentType;
  const body = payload === undefined || typeof payload === 'string' ? payload : JSON.stringify(payload);
  return app.inject({ method: 'POST', url, headers, ...(body === undefined ? {} : { payload: body }) });
}

export function expectError(res: LightMyRequestResponse, status: number, codigo: string, campo?: string) {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status, body: { erro: { codigo } } });
  const erro = res.json().erro;
  expect(erro.id_requisicao).toBe(res.headers['x-request-id']);
  if (campo !== undefined) expect(erro.campo).toBe(campo);
}

/** How many events of a type the log holds for one item's stream. */
export async function countEvents(db: TestDatabase, empresaId: string, insumoId: string, type: string) {
  const { rows } = await db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = $2',
    [`estoque-${empresaId}-${insumoId}`, type],
  );
  return rows[0]!.n;
}
