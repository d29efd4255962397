import { randomUUID } from 'node:crypto';
import { createFactoryClient, type FactoryClient } from '@factory/client';
import { PROJECTIONS, readCheckpoint, waitUntilCaughtUp } from '@factory/read-models';
import { readApiRoutes } from '@factory/read-service';
import { createTenantFixture, randomCnpj } from '@factory/tenants/testing';
import { createTestApi, createTestDatabase } from '@factory/testing';
import { writeApiRoutes } from '@factory/write-service';
import { startFollowingProjector } from '../../../packages/read-models/test/projector/following-projector.fixture.js';

/** A short window keeps the test short; the algorithm is the same for the contract's 30 s. */
export const WINDOW_SECONDS = 1;

const ESCOPOS = [
  'produtos:ler',
  'produtos:escrever',
  'insumos:ler',
  'insumos:escrever',
  'fornecedores:ler',
  'fornecedores:escrever',
  'fichas:ler',
  'fichas:escrever',
  'estoque:ler',
  'estoque:escrever',
  'producao:ler',
  'compras:ler',
  'compras:escrever',
  'notas:ler',
  'custos:ler',
];

export interface BiSyncScene {
  client: FactoryClient;
  locais: string[];
  /** The company's CNPJ: the recipient of the invoices it receives. */
  cnpj: string;
  /** Plain JSON over HTTP with the scene's token, for routes the typed client may not have yet. */
  post(path: string, body: unknown, idempotencyKey?: string): Promise<{ status: number; body: unknown }>;
  /** Waits until every projection has what was written and the window has passed it. */
  settled(): Promise<void>;
}

/** The whole service in real time: write and read routes, the projector, a company with every scope. */
export async function startBiSyncScene(): Promise<BiSyncScene> {
  const db = await createTestDatabase({ poolSize: 20 });
  const store = startFollowingProjector(db, { pollIntervalMs: 200 });
  const { app } = await createTestApi(db, {
    checkAnswers: true,
    routes: [
      ...readApiRoutes({ pool: db.pool, windowSeconds: WINDOW_SECONDS }),
      ...writeApiRoutes({ pool: db.pool }),
    ],
    redisUrl: null,
    limits: { perToken: 1_000_000, perCompany: 1_000_000 },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const cnpj = randomCnpj();
  const tenant = await createTenantFixture(db.pool, {
    escopos: ESCOPOS,
    cnpj,
    regimeTributario: 'real',
    contribuinteIpi: true,
  });
  return {
    client: createFactoryClient({ baseUrl: url, token: tenant.token }),
    locais: tenant.locais.map((l) => l.id),
    cnpj,
    async post(path, body, idempotencyKey) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tenant.token}`,
          'content-type': 'application/json',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    async settled() {
      for (const { name } of PROJECTIONS) {
        await waitUntilCaughtUp(db.pool, store, name, { timeoutMs: 30_000 });
        const reached = Date.now();
        while (((await readCheckpoint(db.pool, name))?.watermark?.getTime() ?? 0) < reached)
          await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Past the window: every row written so far is in the lists.
      const shownFrom = Date.now() + WINDOW_SECONDS * 1000;
      while (Date.now() <= shownFrom) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

export const sku = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;
