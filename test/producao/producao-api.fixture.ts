// The whole service on one test database (write and read routes, the projector in-process), for
// the production tests: they write the catalog and stock through the API and read the plan back.
import { randomUUID } from 'node:crypto';
import { PROJECTIONS, waitUntilCaughtUp } from '@factory/read-models';
import { readApiRoutes } from '@factory/read-service';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import {
  createTestApi,
  createTestDatabase,
  rowsModeOfTests,
  TestClock,
  type TestDatabase,
} from '@factory/testing';
import { writeApiRoutes } from '@factory/write-service';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { startFollowingProjector } from '../../packages/read-models/test/projector/following-projector.fixture.js';

export const ESCOPOS = [
  'produtos:escrever',
  'insumos:escrever',
  'fichas:escrever',
  'estoque:escrever',
  'producao:escrever',
  'custos:ler',
];

export interface ProducaoApi {
  db: TestDatabase;
  app: FastifyInstance;
  clock: TestClock;
  tenant(escopos?: string[], options?: { fuso?: string; horaVirada?: string }): Promise<TenantFixture>;
  send(
    method: string,
    url: string,
    token: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Waits until every projection has applied everything appended so far. */
  projected(): Promise<void>;
}

export async function startProducaoApi(now = new Date()): Promise<ProducaoApi> {
  const db = await createTestDatabase({ poolSize: 12 });
  const store = startFollowingProjector(db);
  const clock = new TestClock(now);
  const { app } = await createTestApi(db, {
    checkAnswers: true,
    routes: [
      ...readApiRoutes({ pool: db.pool, windowSeconds: 30, clock: clock.now }),
      ...writeApiRoutes({ pool: db.pool, clock: clock.now, rows: rowsModeOfTests() }),
    ],
    clock,
    redisUrl: null,
    limits: { perToken: 1_000_000, perCompany: 1_000_000 },
  });
  return {
    db,
    app,
    clock,
    tenant: (escopos = ESCOPOS, options = {}) =>
      createTenantFixture(db.pool, { escopos, now: clock.now(), ...options }),
    send(method, url, token, payload, headers = {}) {
      const all: Record<string, string> = { authorization: `Bearer ${token}`, ...headers };
      if (payload === undefined) return app.inject({ method: method as 'GET', url, headers: all });
      all['content-type'] ??= 'application/json';
      return app.inject({ method: method as 'POST', url, headers: all, payload: JSON.stringify(payload) });
    },
    async projected() {
      for (const p of PROJECTIONS) await waitUntilCaughtUp(db.pool, store, p.name, { timeoutMs: 30_000 });
    },
  };
}

/** Sends and expects `status`; the JSON body. */
export async function ok(res: Promise<LightMyRequestResponse>, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
}

export function expectError(res: LightMyRequestResponse, status: number, codigo: string, campo?: string) {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status, body: { erro: { codigo } } });
  if (campo !== undefined) expect(res.json().erro.campo).toBe(campo);
}

const sku = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Creates one catalog item through its batch route; its id. */
export async function cadastrar(
  api: ProducaoApi,
  recurso: 'insumos' | 'produtos',
  token: string,
  item: Record<string, unknown>,
) {
  const body = await ok(
    api.send('POST', `/v1/${recurso}/lote`, token, {
      itens: [{ sku: sku(recurso === 'insumos' ? 'INS' : 'PRD'), ...item }],
    }),
  );
  expect(body.resultados[0], JSON.stringify(body)).toMatchObject({ ok: true });
  return body.resultados[0].id as string;
}

export const insumoLinha = (insumo_id: string, consumo: number, fields: Record<string, unknown> = {}) => ({
  tipo: 'insumo',
  insumo_id,
  consumo,
  ...fields,
});
export const produtoLinha = (
  componente_id: string,
  consumo: number,
  fields: Record<string, unknown> = {},
) => ({ tipo: 'produto', componente_id, consumo, ...fields });

export async function definirFicha(api: ProducaoApi, token: string, produtoId: string, linhas: unknown[]) {
  await ok(api.send('PUT', `/v1/fichas/${produtoId}`, token, { linhas }));
}

export async function entrada(
  api: ProducaoApi,
  token: string,
  insumo_id: string,
  local_id: string,
  quantidade: number,
  custo_unitario: number,
) {
  return ok(
    api.send(
      'POST',
      '/v1/estoque/movimentos',
      token,
      { insumo_id, local_id, tipo: 'entrada_manual', quantidade, custo_unitario },
      { 'idempotency-key': randomUUID() },
    ),
    201,
  );
}
