// The write API on a test database, with helpers shared by the catalog route tests.
import { randomUUID } from 'node:crypto';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import {
  createTestApi,
  createTestDatabase,
  rowsModeOfTests,
  TestClock,
  type TestDatabase,
} from '@factory/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { writeApiRoutes } from '../../src/index.js';

export const NOW = '2026-03-10T12:00:00.000Z';
export const NOW_TEXT = '2026-03-10T12:00:00.000+00:00';

export const ESCOPOS = [
  'produtos:escrever',
  'insumos:escrever',
  'fornecedores:escrever',
  'fichas:escrever',
  'estoque:escrever',
  'custos:ler',
];

type Method = 'POST' | 'PUT' | 'DELETE';

export interface CatalogApi {
  db: TestDatabase;
  app: FastifyInstance;
  clock: TestClock;
  tenant(escopos?: string[]): Promise<TenantFixture>;
  /** Sends `payload` as JSON (or no body), with `headers`; no Idempotency-Key unless given. */
  send(
    method: Method,
    url: string,
    token: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export async function startCatalogApi(): Promise<CatalogApi> {
  const db = await createTestDatabase({ poolSize: 8 });
  const clock = new TestClock(new Date(NOW));
  const { app } = await createTestApi(db, {
    checkAnswers: true,
    routes: writeApiRoutes({ pool: db.pool, clock: clock.now, rows: rowsModeOfTests() }),
    clock,
    limits: { perToken: 1_000_000, perCompany: 1_000_000 },
  });
  return {
    db,
    app,
    clock,
    tenant: (escopos = ESCOPOS) => createTenantFixture(db.pool, { escopos, now: clock.now() }),
    send(method, url, token, payload, headers = {}) {
      const all: Record<string, string> = { authorization: `Bearer ${token}`, ...headers };
      if (payload === undefined) return app.inject({ method, url, headers: all });
      all['content-type'] ??= 'application/json';
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      return app.inject({ method, url, headers: all, payload: body });
    },
  };
}

/** POSTs a batch and returns its `resultados` after checking the 200. */
export async function lote(api: CatalogApi, recurso: string, token: string, itens: unknown[]) {
  const res = await api.send('POST', `/v1/${recurso}/lote`, token, { itens });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resultados as Resultado[];
}

export type Resultado = {
  indice: number;
  sku: string | null;
  ok: boolean;
  id: string | null;
  erro: string | null;
};

/** The one item's result, asserted ok; its id. */
export async function saved(api: CatalogApi, recurso: string, token: string, item: unknown): Promise<string> {
  const [result] = await lote(api, recurso, token, [item]);
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true, erro: null });
  return result!.id!;
}

export function expectError(res: LightMyRequestResponse, status: number, codigo: string, campo?: string) {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status, body: { erro: { codigo } } });
  if (campo !== undefined) expect(res.json().erro.campo).toBe(campo);
}

/** How many events the log holds for a stream. */
export async function countEvents(db: TestDatabase, stream: string): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM events WHERE stream_id = $1',
    [stream],
  );
  return rows[0]!.n;
}

export const sku = (prefix = 'P') => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A supply item in `m`, bought in `rolo` of 50 m, reference cost 2.5. */
export const tecido = (fields: Record<string, unknown> = {}) => ({
  sku: sku('TEC'),
  nome: 'Tecido',
  unidade_compra: 'rolo',
  unidade_consumo: 'm',
  fator_conversao: 50,
  custo_referencia: 2.5,
  ...fields,
});
