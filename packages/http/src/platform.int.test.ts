import { createTestDatabase, describeWith } from '@factory/database/testing';
import { type TestClock as Clock, createTestApi, TestClock } from '@factory/http/testing';
import { demoteUser, revokeToken, suspendCompany } from '@factory/tenants';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { platformTestDeclarations, platformTestRoutes } from '../test/platform-routes.fixture.js';
import type { ApiService } from './api-service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function expectError(res: LightMyRequestResponse, status: number, codigo: string, campo?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.erro.codigo).toBe(codigo);
  expect(body.erro.id_requisicao).toBe(res.headers['x-request-id']);
  expect(res.headers['x-request-id']).toMatch(UUID);
  if (campo !== undefined) expect(body.erro.campo).toBe(campo);
  expect(typeof body.erro.mensagem).toBe('string');
}
const hasRateHeaders = (res: LightMyRequestResponse) => res.headers['x-ratelimit-limit'] !== undefined;
const noCors = (res: LightMyRequestResponse) =>
  expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);

describeWith(['postgres', 'redis'], 'HTTP platform', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let service: ApiService;
  let app: FastifyInstance;
  let clock: Clock;
  let reader: TenantFixture;

  beforeAll(async () => {
    db = await createTestDatabase();
    clock = new TestClock(new Date('2026-11-22T10:00:05Z'));
    service = await createTestApi(db, {
      platformRoutes: platformTestDeclarations,
      routes: platformTestRoutes,
      clock,
      checkAnswers: true,
    });
    app = service.app;
    reader = await createTenantFixture(db.pool, { escopos: ['produtos:ler'], now: clock.now() });
  });

  describe('request ids and routing', () => {
    it('puts a fresh uuid X-Request-Id on every response, equal to id_requisicao on errors', async () => {
      const ok = await app.inject({ url: '/v1/teste/produtos', headers: bearer(reader.token) });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-request-id']).toMatch(UUID);
      const again = await app.inject({
        url: '/v1/teste/produtos',
        headers: { ...bearer(reader.token), 'x-request-id': 'mine' },
      });
      expect(again.headers['x-request-id']).toMatch(UUID);
      expect(again.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
      expectError(await app.inject({ url: '/v1/nada' }), 404, 'rota_inexistente');
    });

    it('answers 405 with Allow for a known path and another method, OPTIONS included, with no CORS header', async () => {
      const put = await app.inject({ method: 'PUT', url: '/v1/teste/produtos' });
      expectError(put, 405, 'metodo_nao_permitido');
      expect(put.headers.allow).toBe('GET');
      const options = await app.inject({
        method: 'OPTIONS',
        url: '/v1/teste/produtos/lote',
        headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' },
      });
      expectError(options, 405, 'metodo_nao_permitido');
      expect(options.headers.allow).toBe('GET, POST'); // GET /v1/teste/produtos/:id also matches
      noCors(options);
      noCors(
        await app.inject({
          url: '/v1/teste/produtos',
          headers: { ...bearer(reader.token), origin: 'https://x.example' },
        }),
      );
    });

    it('serves the OpenAPI description without a token, with x-svc-escopo on every operation', async () => {
      const res = await app.inject({ url: platformTestDeclarations.description.url });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.version).toBe('1.0.0');
      expect(doc.paths['/v1/teste/produtos'].get['x-svc-escopo']).toBe('produtos:ler');
      expect(doc.paths['/v1/teste/produtos/lote'].post['x-svc-escopo']).toBe('produtos:escrever');
      expect(doc.paths['/v1/teste/produtos/{id}'].get.parameters[0]).toMatchObject({
        name: 'id',
        in: 'path',
      });
      const limite = doc.paths['/v1/teste/produtos'].get.parameters.find(
        (p: { name: string }) => p.name === 'limite',
      );
      expect(limite.schema).toBeDefined();
      for (const methods of Object.values(doc.paths) as Array<Record<string, Record<string, unknown>>>)
        for (const op of Object.values(methods)) expect(op['x-svc-escopo']).toBeTypeOf('string');
    });

    it('hides the message of an unexpected failure behind erro_interno', async () => {
      const res = await app.inject({ url: '/v1/teste/falha', headers: bearer(reader.token) });
      expectError(res, 500, 'erro_interno');
      expect(res.body).not.toContain('segredo');
    });
  });

  describe('authentication', () => {
    it('refuses a token in the URL before anything else, with no rate-limit headers', async () => {
      for (const url of [
        `/v1/teste/produtos?token=abc`,
        `/v1/teste/produtos?Access_Token=abc`,
        `/v1/teste/produtos?api_key=x`,
        `/v1/teste/produtos?q=${reader.token}`,
        `/v1/nada?token=abc`,
      ]) {
        const res = await app.inject({ url, headers: bearer(reader.token) });
        expectError(res, 400, 'token_na_url');
        expect(hasRateHeaders(res)).toBe(false);
      }
    });

    it('tells a missing header from a malformed or unknown token, counting neither', async () => {
      const missing = await app.inject({ url: '/v1/teste/produtos' });
      expectError(missing, 401, 'token_ausente');
      expect(hasRateHeaders(missing)).toBe(false);
      for (const authorization of [
        'Basic abc',
        'Bearer abc',
        `Bearer ${reader.token}x`,
        `Bearer svc_live_${'A'.repeat(46)}`,
      ]) {
        const res = await app.inject({ url: '/v1/teste/produtos', headers: { authorization } });
        expectError(res, 401, 'token_invalido');
        expect(hasRateHeaders(res)).toBe(false);
      }
    });

    it('tolerates surrounding whitespace and a lower-case scheme', async () => {
      const res = await app.inject({
        url: '/v1/teste/produtos',
        headers: { authorization: ` \tbearer  ${reader.token}\r\n` },
      });
      expect(res.statusCode).toBe(200);
    });

    it('checks the route scope, :escrever granting :ler', async () => {
      const writer = await createTenantFixture(db.pool, { escopos: ['produtos:escrever'] });
      expect(
        (await app.inject({ url: '/v1/teste/produtos', headers: bearer(writer.token) })).statusCode,
      ).toBe(200);
      const res = await app.inject({
        method: 'POST',
        url: '/v1/teste/produtos/lote',
        headers: bearer(reader.token),
        payload: { itens: [] },
      });
      expectError(res, 403, 'escopo_insuficiente');
      expect(hasRateHeaders(res)).toBe(true);
    });

    it('refuses a revoked token at once on this instance, then from cache for 60 s without counting', async () => {
      const t = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
      expect((await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) })).statusCode).toBe(
        200,
      ); // now cached as valid
      await revokeToken(db.pool, t.tokenId);
      // the database notification drops the cached state; no waiting for a TTL
      const first = await vi.waitFor(
        async () => {
          const res = await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) });
          if (res.statusCode === 200) throw new Error('notification not in yet');
          return res;
        },
        { timeout: 2_000, interval: 10 },
      );
      expectError(first, 401, 'token_revogado');
      expect(hasRateHeaders(first)).toBe(true); // the first refusal counts
      const repeat = await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) });
      expectError(repeat, 401, 'token_revogado');
      expect(hasRateHeaders(repeat)).toBe(false);
      clock.advance(60_001);
      const later = await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) });
      expectError(later, 401, 'token_revogado');
      expect(hasRateHeaders(later)).toBe(true);
    });

    it('refuses an expired token by the clock, cached the same way', async () => {
      const t = await createTenantFixture(db.pool, {
        escopos: ['produtos:ler'],
        expiraEm: new Date(clock.now().getTime() + 1_000),
      });
      expect((await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) })).statusCode).toBe(
        200,
      );
      clock.advance(1_000);
      const first = await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) });
      expectError(first, 401, 'token_vencido');
      expect(hasRateHeaders(first)).toBe(true);
      const repeat = await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) });
      expectError(repeat, 401, 'token_vencido');
      expect(hasRateHeaders(repeat)).toBe(false);
    });

    it('refuses a token whose creator was demoted, and one of a suspended company, with headers', async () => {
      const orphan = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
      const suspended = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
      for (const t of [orphan, suspended])
        expect((await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) })).statusCode).toBe(
          200,
        );
      await demoteUser(db.pool, orphan.usuarioId);
      await suspendCompany(db.pool, suspended.empresaId);
      await vi.waitFor(
        async () => {
          const res = await app.inject({ url: '/v1/teste/produtos', headers: bearer(orphan.token) });
          expectError(res, 403, 'token_sem_dono');
          expect(hasRateHeaders(res)).toBe(true);
        },
        { timeout: 2_000, interval: 20 },
      );
      const res = await app.inject({ url: '/v1/teste/produtos', headers: bearer(suspended.token) });
      expectError(res, 403, 'empresa_suspensa');
      expect(hasRateHeaders(res)).toBe(true);
    });

    it('records last use in memory and writes it in one batch, not per request', async () => {
      const t = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
      await service.lastUse.flush();
      for (let i = 0; i < 5; i++) await app.inject({ url: '/v1/teste/produtos', headers: bearer(t.token) });
      const lastUse = async () =>
        (await db.pool.query('SELECT ultimo_uso_em FROM tokens WHERE id = $1', [t.tokenId])).rows[0]
          .ultimo_uso_em;
      expect(await lastUse()).toBeNull();
      await service.lastUse.flush();
      expect(await lastUse()).toEqual(clock.now());
    });
  });

  describe('parameters, bodies and cursors', () => {
    it('reads parameters after authentication and counts their refusals', async () => {
      expectError(await app.inject({ url: '/v1/teste/produtos?foo=1' }), 401, 'token_ausente');
      const res = await app.inject({ url: '/v1/teste/produtos?limite=0', headers: bearer(reader.token) });
      expectError(res, 400, 'parametro_invalido', 'limite');
      expect(hasRateHeaders(res)).toBe(true);
      expectError(
        await app.inject({ url: '/v1/teste/produtos?limite=1&limite=2', headers: bearer(reader.token) }),
        400,
        'parametro_invalido',
        'limite',
      );
      expectError(
        await app.inject({ url: '/v1/teste/produtos?sku=', headers: bearer(reader.token) }),
        400,
        'parametro_invalido',
        'sku',
      );
      expectError(
        await app.inject({ url: '/v1/teste/produtos?outro=1', headers: bearer(reader.token) }),
        400,
        'parametro_invalido',
        'outro',
      );
    });

    it('answers nao_encontrado for a path id that is not a uuid', async () => {
      expectError(
        await app.inject({ url: '/v1/teste/produtos/123', headers: bearer(reader.token) }),
        404,
        'nao_encontrado',
      );
    });

    it('accepts its own cursor with the same filters and refuses it otherwise', async () => {
      const first = (
        await app.inject({ url: '/v1/teste/produtos?sku=A', headers: bearer(reader.token) })
      ).json();
      const ok = await app.inject({
        url: `/v1/teste/produtos?sku=A&cursor=${first.proximo_cursor}`,
        headers: bearer(reader.token),
      });
      expect(ok.statusCode).toBe(200);
      for (const url of [
        `/v1/teste/produtos?sku=B&cursor=${first.proximo_cursor}`,
        `/v1/teste/produtos?cursor=${first.proximo_cursor}x`,
        '/v1/teste/produtos?cursor=abc!',
      ]) {
        expectError(await app.inject({ url, headers: bearer(reader.token) }), 400, 'cursor_invalido');
      }
    });

    it('maps body faults to the specification codes', async () => {
      const writer = await createTenantFixture(db.pool, { escopos: ['produtos:escrever'] });
      const post = (payload: string, contentType = 'application/json') =>
        app.inject({
          method: 'POST',
          url: '/v1/teste/produtos/lote',
          headers: { ...bearer(writer.token), 'content-type': contentType },
          payload,
        });
      expect(
        (await post('{"itens":[{"sku":"A","qtd":1}]}', 'application/json; charset=utf-8')).statusCode,
      ).toBe(201);
      expectError(await post('{"itens":[{"sku":"A","qtd":1}]}', 'text/plain'), 415, 'tipo_nao_suportado');
      expectError(await post('{"itens": ['), 400, 'corpo_invalido');
      expectError(await post('[1,2]'), 400, 'corpo_invalido');
      expectError(
        await post(JSON.stringify({ itens: [{ sku: 'x'.repeat(262_144), qtd: 1 }] })),
        413,
        'corpo_grande_demais',
      );
      expectError(
        await post('{"itens":[{"sku":"A","qtd":1},{"sku":"B","qtd":0}]}'),
        422,
        'validacao',
        'itens[1].qtd',
      );
      expectError(
        await post('{"itens":[{"sku":"A","qtd":1,"cor":"azul"}]}'),
        422,
        'validacao',
        'itens[0].cor',
      );
      expectError(await post('{"itens":[],"extra":1}'), 422, 'validacao', 'extra');
    });
  });
});
