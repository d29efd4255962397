import { randomBytes } from 'node:crypto';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { createHealth, createRegistry, httpMetrics } from '@factory/observability';
import { createTenantFixture } from '@factory/tenants/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformTestDeclarations, platformTestRoutes } from '../../test/platform-routes.fixture.js';
import { type ApiService, createApiService } from '../api-service.js';

describeWith(['postgres'], 'health routes and request metrics on the API port', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ApiService;
  const registry = createRegistry('http-test');
  let redisUp = true;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await createApiService({
      pool: db.pool,
      databaseUrl: db.url,
      redisUrl: undefined,
      limits: { perToken: 1, perCompany: 300 },
      cursorSecret: randomBytes(32).toString('hex'),
      routes: platformTestRoutes,
      platformRoutes: platformTestDeclarations,
      logLevel: 'silent',
      health: createHealth({
        banco: async () => undefined,
        redis: async () => {
          if (!redisUp) throw new Error('down');
        },
      }),
      metrics: httpMetrics(registry),
    });
  });
  afterAll(() => api.close());

  it('answers the declared probes without a token, uncounted, and not in the OpenAPI document', async () => {
    const { description, live: liveProbe, ready: readyProbe } = platformTestDeclarations;
    for (let i = 0; i < 3; i++) {
      const live = await api.app.inject({ url: liveProbe.url });
      expect(live.statusCode).toBe(200);
      expect(live.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await api.app.inject({ url: readyProbe.url })).json()).toEqual({
      pronto: true,
      partes: { banco: 'ok', redis: 'ok' },
    });
    redisUp = false;
    const refused = await api.app.inject({ url: readyProbe.url });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ pronto: false, falhas: ['redis'] });
    redisUp = true;
    const paths = Object.keys((await api.app.inject({ url: description.url })).json().paths);
    expect(paths).toContain(description.url);
    expect(paths.some((p) => p.includes('vivo') || p.includes('pronto'))).toBe(false);
  });

  it('counts answers by route pattern and status, and rate-limit refusals', async () => {
    const t = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
    const headers = { authorization: `Bearer ${t.token}` };
    expect((await api.app.inject({ url: '/v1/teste/produtos', headers })).statusCode).toBe(200);
    expect((await api.app.inject({ url: '/v1/teste/produtos', headers })).statusCode).toBe(429);
    await api.app.inject({ url: '/v1/nada' });
    const text = await registry.metrics();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/v1/teste/produtos",status="200",app="http-test"} 1',
    );
    expect(text).toContain('rate_limit_refusals_total{route="/v1/teste/produtos",app="http-test"} 1');
    expect(text).toContain(
      'http_requests_total{method="GET",route="sem_rota",status="404",app="http-test"} 1',
    );
    expect(text).not.toContain(t.token.slice(9));
  });
});
