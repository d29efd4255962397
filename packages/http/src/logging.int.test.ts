import { Writable } from 'node:stream';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { findAuthRecordByHash, recordLastUse } from '@factory/tenants';
import { createTenantFixture } from '@factory/tenants/testing';
import { beforeAll, expect, it } from 'vitest';
import { platformTestRoutes } from '../test/platform-routes.fixture.js';
import { Authenticator } from './auth/authenticator.js';
import { LastUseRecorder } from './auth/last-use-recorder.js';
import { createLogger, createPlatform } from './platform.js';
import { MemoryRateLimiter } from './rate-limit/memory-rate-limiter.js';
import { registerRoute } from './routes/register-route.js';

describeWith(['postgres'], 'logging', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it('logs JSON lines with the request id and never the token, in the header, the query or the path (issue 13 item 2)', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const limits = { perToken: 120, perCompany: 300 };
    const store = {
      findByHash: (h: Buffer) => findAuthRecordByHash(db.pool, h),
      recordLastUse: (u: Array<{ tokenId: string; at: Date }>) => recordLastUse(db.pool, u),
    };
    const authenticator = new Authenticator({
      store,
      limiter: new MemoryRateLimiter(limits),
      limits,
      clock: () => new Date(),
      lastUse: new LastUseRecorder(store, () => undefined),
    });
    const app = createPlatform({
      authenticator,
      cursorSecret: 'x'.repeat(32),
      logger: createLogger('info', sink),
    });
    for (const r of platformTestRoutes) registerRoute(app, r);
    const t = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
    const ok = await app.inject({
      url: '/v1/teste/produtos',
      headers: { authorization: `Bearer ${t.token}` },
    });
    await app.inject({ url: `/v1/teste/produtos?token=${t.token}` });
    await app.inject({ url: '/v1/teste/falha', headers: { authorization: `Bearer ${t.token}` } });
    // issue 13 item 2: a token in a path segment is token_na_url, and its path is not logged
    for (const url of [
      `/v1/eu/${t.token}`,
      `/v1/${t.token}`,
      `/v1/teste/produtos/${t.token}`,
      `/v1/eu;token=${t.token}`,
      `/v1/eu;x=${t.token}`,
      `/v1/eu/%73vc_live_${t.token.slice(9)}`,
      `/v1/teste/produtos/%C0%AE${t.token}`,
      `/v1/eu?q=x${t.token}`,
    ]) {
      const refused = await app.inject({ url });
      expect({ url, status: refused.statusCode, codigo: refused.json().erro.codigo }).toEqual({
        url,
        status: 400,
        codigo: 'token_na_url',
      });
    }
    expect((await app.inject({ url: '/v1/eu;token=abc' })).json().erro.codigo).toBe('token_na_url');
    await app.close();
    const all = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    expect(all).not.toContain(t.token);
    expect(all).not.toContain(t.token.slice(9)); // not even without the prefix
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.some((l) => l.id_requisicao === ok.headers['x-request-id'])).toBe(true);
    // the answer's line names the company and the route (its pattern), beside the request id
    const completed = parsed.find(
      (l) => l.id_requisicao === ok.headers['x-request-id'] && l.msg === 'request completed',
    );
    expect(completed).toMatchObject({ empresa_id: t.empresaId, rota: '/v1/teste/produtos' });
  });

  it("logs the client's address; X-Forwarded-For only from a trusted proxy (issue 22)", async () => {
    const logged = async (trustedProxies: string[] | undefined) => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = createPlatform({
        authenticator: { authenticate: async () => null } as never,
        cursorSecret: 'x'.repeat(32),
        logger: createLogger('info', sink),
        trustedProxies,
      });
      await app.inject({
        url: '/v1/eu',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.4' },
      });
      await app.close();
      return lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request').req;
    };
    expect(await logged(undefined)).toEqual({ method: 'GET', path: '/v1/eu', remoteAddress: '127.0.0.1' });
    // The walk stops at the first address not trusted: the client's, not what it was told.
    expect((await logged(['loopback'])).remoteAddress).toBe('198.51.100.4');
  });
});
