import type { AddressInfo } from 'node:net';
import { createTestDatabase, describeWith } from '@factory/database/testing';
import { createTestApi } from '@factory/http/testing';
import { createTenantFixture, type TenantFixture } from '@factory/tenants/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { type RawAnswer, rawRequest } from '../test/http-layer/raw-http.fixture.js';
import { platformTestDeclarations, platformTestRoutes } from '../test/platform-routes.fixture.js';

// Issue 13 at the platform: each item that the HTTP layer owns, on the platform's test routes.
// The same promises on every real route are checked by test/hostile (fast-check).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type Answer = { status: number; headers: Record<string, unknown>; body: string };

const asAnswer = (res: LightMyRequestResponse): Answer => ({
  status: res.statusCode,
  headers: res.headers,
  body: res.body,
});

function expectRefusal(answer: Answer | RawAnswer, status: number, codigo: string, campo?: string) {
  expect({ status: answer.status, body: answer.body.slice(0, 300) }).toMatchObject({ status });
  const { erro } = JSON.parse(answer.body);
  expect(erro.codigo).toBe(codigo);
  expect(answer.headers['x-request-id']).toMatch(UUID);
  expect(erro.id_requisicao).toBe(answer.headers['x-request-id']);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  if (campo !== undefined) expect(erro.campo).toBe(campo);
}

describeWith(['postgres', 'redis'], 'hardening (issue 13) at the platform', () => {
  let app: FastifyInstance;
  let port: number;
  let reader: TenantFixture;
  let writer: TenantFixture;

  beforeAll(async () => {
    const db = await createTestDatabase();
    app = (
      await createTestApi(db, {
        platformRoutes: platformTestDeclarations,
        routes: platformTestRoutes,
        checkAnswers: true,
      })
    ).app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    reader = await createTenantFixture(db.pool, { escopos: ['produtos:ler'] });
    writer = await createTenantFixture(db.pool, { escopos: ['produtos:escrever'] });
  });

  const post = async (payload: string | Buffer) =>
    asAnswer(
      await app.inject({
        method: 'POST',
        url: '/v1/teste/produtos/lote',
        headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
        payload,
      }),
    );
  const get = async (url: string, headers: Record<string, string> = {}) =>
    asAnswer(await app.inject({ url, headers: { authorization: `Bearer ${reader.token}`, ...headers } }));

  it('item 1: deep nesting, lone surrogates and %00 in a filter are refused, never a 500', async () => {
    const deep = `{"itens":[{"sku":"A","qtd":1,"x":${'['.repeat(4_000)}${']'.repeat(4_000)}}]}`;
    expectRefusal(await post(deep), 400, 'corpo_invalido');
    // 32 levels pass the parser and reach validation; 33 do not
    const nested = (levels: number) =>
      `{"itens":[{"sku":"A","qtd":1,"x":${'['.repeat(levels - 3)}${']'.repeat(levels - 3)}}]}`;
    expectRefusal(await post(nested(32)), 422, 'validacao', 'itens[0].x');
    expectRefusal(await post(nested(33)), 400, 'corpo_invalido');
    expectRefusal(await post('{"itens":[{"sku":"\\ud800x","qtd":1}]}'), 422, 'validacao', 'itens[0].sku');
    expectRefusal(await post('{"itens":[{"sku":"\\udc00","qtd":1}]}'), 422, 'validacao', 'itens[0].sku');
    expect((await post('{"itens":[{"sku":"\\ud83d\\ude00","qtd":1}]}')).status).toBe(201);
    expectRefusal(await post('{"itens":[],"\\ud800":1}'), 422, 'validacao');
    expectRefusal(await get('/v1/teste/produtos?sku=a%00b'), 400, 'parametro_invalido', 'sku');
  });

  it('item 3: the HTTP layer refuses in the envelope, with X-Request-Id, at the nearest code', async () => {
    const host = 'Host: localhost\r\nConnection: close\r\n';
    const cases: Array<[string, string | Buffer, number, string]> = [
      [
        '64 KB header',
        `GET /v1/teste/produtos HTTP/1.1\r\n${host}X-A: ${'a'.repeat(65_536)}\r\n\r\n`,
        400,
        'parametro_invalido',
      ],
      [
        'bare LF',
        'GET /v1/teste/produtos HTTP/1.1\nHost: localhost\nConnection: close\n\n',
        400,
        'parametro_invalido',
      ],
      [
        'bare CR',
        'GET /v1/teste/produtos HTTP/1.1\r\nHost: localhost\rX-A: b\r\nConnection: close\r\n\r\n',
        400,
        'parametro_invalido',
      ],
      [
        'folded header',
        `GET /v1/teste/produtos HTTP/1.1\r\n${host}X-A: a\r\n b\r\n\r\n`,
        400,
        'parametro_invalido',
      ],
      [
        'Content-Length with Transfer-Encoding',
        `POST /v1/teste/produtos/lote HTTP/1.1\r\n${host}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        400,
        'parametro_invalido',
      ],
      ['no Host', 'GET /v1/teste/produtos HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'parametro_invalido'],
      [
        'long path id',
        `GET /v1/teste/produtos/${'a'.repeat(101)} HTTP/1.1\r\n${host}Authorization: Bearer ${'x'}\r\n\r\n`,
        401,
        'token_invalido',
      ],
      [
        'bad percent-encoding, no token',
        `GET /v1/teste/produtos/%C0%AE HTTP/1.1\r\n${host}\r\n`,
        401,
        'token_ausente',
      ],
      [
        'bad percent-encoding, unknown path',
        `GET /v1/%C0%AE/x HTTP/1.1\r\n${host}\r\n`,
        404,
        'rota_inexistente',
      ],
      [
        'unknown Expect',
        `GET /v1/teste/produtos HTTP/1.1\r\n${host}Expect: nada\r\n\r\n`,
        401,
        'token_ausente',
      ],
    ];
    for (const [name, bytes, status, codigo] of cases) {
      const answer = await rawRequest(port, bytes);
      expect(name && answer.status, name).toBe(status);
      expectRefusal(answer, status, codigo);
      expect(answer.body).not.toContain('aaaaaaaaaa'); // nothing of the request echoed
    }
    const auth = `Authorization: Bearer ${reader.token}\r\n`;
    expectRefusal(
      await rawRequest(port, `GET /v1/teste/produtos/${'a'.repeat(101)} HTTP/1.1\r\n${host}${auth}\r\n`),
      404,
      'nao_encontrado',
    );
    expectRefusal(
      await rawRequest(port, `GET /v1/teste/produtos/%C0%AE HTTP/1.1\r\n${host}${auth}\r\n`),
      404,
      'nao_encontrado',
    );
    const noHost = await rawRequest(
      port,
      `GET /v1/teste/produtos HTTP/1.1\r\nConnection: close\r\n${auth}\r\n`,
    );
    expectRefusal(noHost, 400, 'parametro_invalido', 'Host');
  });

  it('item 4: two Authorization headers are token_invalido, whichever comes first', async () => {
    const host = 'Host: localhost\r\nConnection: close\r\n';
    for (const [first, second] of [
      [reader.token, 'svc_live_outro'],
      [reader.token, reader.token],
      ['svc_live_outro', reader.token],
    ]) {
      const answer = await rawRequest(
        port,
        `GET /v1/teste/produtos HTTP/1.1\r\n${host}Authorization: Bearer ${first}\r\nauthorization: Bearer ${second}\r\n\r\n`,
      );
      expectRefusal(answer, 401, 'token_invalido');
      expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await get('/v1/teste/produtos')).status).toBe(200);
  });

  it('item 6: a body that is not UTF-8 is corpo_invalido, never stored as U+FFFD', async () => {
    const bytes = (text: string, bad: number[]) =>
      Buffer.concat([Buffer.from(text), Buffer.from(bad), Buffer.from('","qtd":1}]}')]);
    for (const bad of [[0xff], [0xc0, 0xae], [0xed, 0xa0, 0x80], [0xe2, 0x82]])
      expectRefusal(await post(bytes('{"itens":[{"sku":"A', bad)), 400, 'corpo_invalido');
    expect((await post(Buffer.from('{"itens":[{"sku":"Ação","qtd":1}]}'))).status).toBe(201);
    expect((await post(Buffer.from('\ufeff{"itens":[{"sku":"A","qtd":1}]}'))).status).toBe(201);
  });

  it('item 8: every answer carries Cache-Control: no-store and X-Content-Type-Options: nosniff', async () => {
    const answers = [
      await get('/v1/teste/produtos'),
      await get('/v1/teste/produtos?limite=0'),
      asAnswer(await app.inject({ url: '/v1/nada' })),
      asAnswer(await app.inject({ method: 'PUT', url: '/v1/teste/produtos' })),
      asAnswer(await app.inject({ url: platformTestDeclarations.description.url })),
      await get('/v1/teste/falha'),
      await rawRequest(port, 'GET / HTTP/1.1\nHost: x\n\n'),
    ];
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
  });
});
