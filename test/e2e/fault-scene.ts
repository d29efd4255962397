import { randomBytes } from 'node:crypto';
import { platformRoutes } from '@factory/api';
import { createPool, migrate, type Pool } from '@factory/database';
import { createPostgresEventStore } from '@factory/event-store';
import { createApiService } from '@factory/http';
import { PROJECTIONS, type Projector, startProjector } from '@factory/read-models';
import { readApiRoutes } from '@factory/read-service';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import { writeApiRoutes } from '@factory/write-service';

/** The single-machine service's parts (both APIs, the projector) on servers the test owns. */
export interface FaultScene {
  base: string;
  pool: Pool;
  tenant: TenantFixture;
  insumoId: string;
  /** Every request waits at most this long: past it, the service hung. */
  call(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

/** Far above any healthy answer, far below a test's time-out: only a hang crosses it. */
export const HANG_MS = 20_000;

export async function startFaultScene(
  databaseUrl: string,
  redisUrl: string | undefined,
): Promise<FaultScene> {
  const pool = createPool(databaseUrl, { name: 'fault-scene', max: 8 });
  await migrate(pool);
  const eventStore = createPostgresEventStore({ pool });
  const projector: Projector = startProjector({
    pool,
    eventStore,
    projections: PROJECTIONS,
    pollIntervalMs: 100,
  });
  const api = await createApiService({
    pool,
    platformRoutes,
    databaseUrl,
    redisUrl,
    limits: { perToken: 1_000_000, perCompany: 1_000_000 },
    cursorSecret: randomBytes(32).toString('hex'),
    routes: [...readApiRoutes({ pool, windowSeconds: 0 }), ...writeApiRoutes({ pool })],
    logLevel: 'silent',
  });
  const address = await api.app.listen({ port: 0, host: '127.0.0.1' });
  const tenant = await createTenantFixture(pool, {
    escopos: ['estoque:escrever', 'insumos:escrever', 'produtos:ler'],
  });
  const call: FaultScene['call'] = async (method, path, body, key) => {
    const headers: Record<string, string> = { authorization: `Bearer ${tenant.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    const res = await fetch(`${address}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(HANG_MS),
    });
    return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
  };
  const item = {
    sku: 'TEC-1',
    nome: 'Tecido',
    unidade_compra: 'rolo',
    unidade_consumo: 'm',
    fator_conversao: 50,
  };
  const lote = await call('POST', '/v1/insumos/lote', { itens: [item] });
  const insumoId = (lote.json.resultados as Array<{ id: string }>)[0]!.id;
  return {
    base: address,
    pool,
    tenant,
    insumoId,
    call,
    async close() {
      await api.app.close();
      await projector.close();
      await api.close();
      await eventStore.close();
      await pool.end();
    },
  };
}
