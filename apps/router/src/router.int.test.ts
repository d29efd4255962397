import { Readable } from 'node:stream';
import { createLogger, RouteCatalog } from '@factory/http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../packages/http/test/http-layer/raw-http.fixture.js';
import { rawExchange } from '../../../test/support/raw-http-cases.js';
import { createRouter } from './router.js';

// Two stand-in upstreams that echo who answered and what they received.
async function echo(name: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.all('/*', async (request, reply) => {
    reply.header('x-upstream', name);
    // An API answering with hop-by-hop fields of its own: none may reach the router's client.
    const echoed = {
      upstream: name,
      method: request.method,
      url: request.url,
      body: request.body ?? null,
      headers: request.headers,
    };
    if (!request.url.startsWith('/v1/salto')) return echoed;
    // Streamed, so chunked, which a Trailer field needs.
    return reply
      .headers({
        'content-type': 'application/json',
        connection: 'keep-alive, x-segredo',
        'x-segredo': '1',
        'keep-alive': 'timeout=5',
        'proxy-connection': 'keep-alive',
        trailer: 'x-fim',
        upgrade: 'h2c',
      })
      .send(Readable.from([JSON.stringify(echoed)]));
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: address };
}

describe('router', () => {
  let read: Awaited<ReturnType<typeof echo>>;
  let write: Awaited<ReturnType<typeof echo>>;
  let router: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    [read, write] = await Promise.all([echo('read'), echo('write')]);
    const readCatalog = new RouteCatalog();
    for (const url of ['/v1/eu', '/v1/insumos/:id'])
      readCatalog.add({ method: 'GET', url } as Parameters<RouteCatalog['add']>[0]);
    router = await createRouter({
      readApiUrl: read.url,
      writeApiUrl: write.url,
      readCatalog,
      logger: createLogger('silent'),
    });
    base = await router.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await router.close();
    await Promise.all([read.app.close(), write.app.close()]);
  });

  const call = async (method: string, path: string, body?: string) => {
    const res = await fetch(base + path, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
    });
    return { status: res.status, upstream: res.headers.get('x-upstream'), json: (await res.json()) as never };
  };

  it('sends a GET on a read route to the read API, query string and all', async () => {
    expect(await call('GET', '/v1/insumos/abc?x=1&y=%20')).toMatchObject({
      upstream: 'read',
      json: { method: 'GET', url: '/v1/insumos/abc?x=1&y=%20' },
    });
  });

  it('sends every other method and path to the write API, with the body as sent', async () => {
    expect(await call('POST', '/v1/insumos/lote', '{"a": 1}')).toMatchObject({
      upstream: 'write',
      json: { method: 'POST', body: '{"a": 1}' },
    });
    expect((await call('DELETE', '/v1/insumos/abc')).upstream).toBe('write');
    expect((await call('GET', '/v1/nada')).upstream).toBe('write');
    expect((await call('GET', '/v1/openapi.json')).upstream).toBe('write');
  });

  it('issue 13: answers the HTTP layer in the envelope, and forwards what the proxy would refuse', async () => {
    const port = Number(new URL(base).port);
    const host = 'Host: localhost\r\nConnection: close\r\n';
    const token = `svc_live_${'a1B2'.repeat(11)}xy`;
    const refused: Array<[string, number, string]> = [
      [`GET /v1/eu HTTP/1.1\nHost: x\n\n`, 400, 'parametro_invalido'],
      [`GET /v1/eu HTTP/1.1\r\n${host}X-A: ${'a'.repeat(70_000)}\r\n\r\n`, 400, 'parametro_invalido'],
      ['GET /v1/eu HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'parametro_invalido'],
      [
        `GET /v1/eu HTTP/1.1\r\n${host}Authorization: Bearer a\r\nAuthorization: Bearer b\r\n\r\n`,
        401,
        'token_invalido',
      ],
      [`GET /v1/eu/${token} HTTP/1.1\r\n${host}\r\n`, 400, 'token_na_url'],
      [`GET /v1/eu/%73vc_live_${token.slice(9)}/%C0 HTTP/1.1\r\n${host}\r\n`, 400, 'token_na_url'],
      [`GET http://127.0.0.1:1/v1/eu HTTP/1.1\r\n${host}\r\n`, 404, 'rota_inexistente'],
    ];
    for (const [bytes, status, codigo] of refused) {
      const answer = await rawRequest(port, bytes);
      const where = JSON.stringify(bytes.slice(0, 60));
      expect(answer.status, where).toBe(status);
      expect(JSON.parse(answer.body).erro.codigo, where).toBe(codigo);
      expect(JSON.parse(answer.body).erro.id_requisicao, where).toBe(answer.headers['x-request-id']);
      expect(answer.headers['cache-control'], where).toBe('no-store');
      expect(answer.headers['x-upstream'], where).toBeUndefined();
    }
    for (const [path, forwarded] of [
      ['/v1/produtos/%C0%AE', '/v1/produtos/%25C0%25AE'],
      ['/v1/produtos/..', '/v1/produtos/%252E%252E'],
      ['/v1/eu?q=%FF', '/v1/eu?q=%25FF'],
    ]) {
      const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\n${host}\r\n`);
      expect({ path, status: answer.status, url: JSON.parse(answer.body).url }).toEqual({
        path,
        status: 200,
        url: forwarded,
      });
    }
  });

  it('issue 22: keeps hop-by-hop fields on their own connection, and says who the client is', async () => {
    const port = Number(new URL(base).port);
    const bytes =
      'GET /v1/salto HTTP/1.1\r\nHost: fabrica.example\r\nConnection: keep-alive, X-Segredo\r\n' +
      'X-Segredo: 1\r\nKeep-Alive: timeout=5\r\nProxy-Connection: keep-alive\r\nTE: trailers\r\n' +
      'Trailer: x-fim\r\nUpgrade: websocket\r\nX-Forwarded-For: 203.0.113.7\r\n' +
      'X-Forwarded-Proto: https\r\nX-Forwarded-Host: outro.example\r\nX-Fica: sim\r\n\r\n';
    const seen = await rawExchange({ host: '127.0.0.1', port }, bytes, { closes: false });
    const answer = seen.responses[0]!;
    expect(answer.status, answer.body).toBe(200);
    const received = JSON.parse(answer.body).headers as Record<string, string>;
    for (const name of ['x-segredo', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'])
      expect(received[name], `request field ${name}`).toBeUndefined();
    // undici's own, about its pooled connection to the API; not the client's list.
    expect(received.connection).toBe('keep-alive');
    // The client on loopback is no trusted proxy: what it claims is replaced.
    expect(received).toMatchObject({
      'x-fica': 'sim',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'fabrica.example',
    });
    // The answer's connection fields are the router's own: kept alive as its client asked, with
    // its own timeout, though the API said 5 s; re-framed as the router streams the body.
    const fields = Object.fromEntries(answer.headers);
    for (const name of ['x-segredo', 'proxy-connection', 'trailer', 'upgrade'])
      expect(fields[name], `answer field ${name}`).toBeUndefined();
    expect(seen.leakedHopByHop).toEqual([]);
    expect(fields.connection).toBe('keep-alive');
    expect(fields['keep-alive']).toBe(`timeout=${router.server.keepAliveTimeout / 1000}`);
  });

  it('issue 22: a chunked body reaches the API whole, re-framed by the router', async () => {
    const port = Number(new URL(base).port);
    const seen = await rawExchange(
      { host: '127.0.0.1', port },
      'POST /v1/insumos/lote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n{"a":\r\n3\r\n 1}\r\n0\r\n\r\n',
    );
    const echoed = JSON.parse(seen.responses[0]!.body);
    expect(echoed).toMatchObject({ upstream: 'write', body: '{"a": 1}' });
    expect(seen.closedByServer).toBe(true);
  });

  it('issue 22: believes X-Forwarded-* from a trusted proxy only, up to the first address it does not trust', async () => {
    const behindProxy = await createRouter({
      readApiUrl: read.url,
      writeApiUrl: write.url,
      readCatalog: new RouteCatalog(),
      logger: createLogger('silent'),
      trustedProxies: ['127.0.0.1', '10.0.0.0/8'],
    });
    const proxyBase = await behindProxy.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${proxyBase}/v1/quem`, {
        headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.7, 10.1.2.3', 'x-forwarded-proto': 'https' },
      });
      const received = ((await res.json()) as { headers: Record<string, string> }).headers;
      expect(received['x-forwarded-for']).toBe('203.0.113.7, 10.1.2.3, 127.0.0.1');
      expect(received['x-forwarded-proto']).toBe('https');
    } finally {
      await behindProxy.close();
    }
  });

  it('issue 20: sends /admin and every path below it to the settings page, when it runs apart', async () => {
    const admin = await echo('admin');
    const withAdmin = await createRouter({
      readApiUrl: read.url,
      writeApiUrl: write.url,
      adminUrl: admin.url,
      readCatalog: new RouteCatalog(),
      logger: createLogger('silent'),
    });
    const adminBase = await withAdmin.listen({ port: 0, host: '127.0.0.1' });
    try {
      const upstreamOf = async (method: string, path: string) =>
        (await fetch(adminBase + path, { method })).headers.get('x-upstream');
      for (const path of ['/admin', '/admin/', '/admin/entrar?saiu=1', '/admin/convite/abc'])
        expect(await upstreamOf('GET', path), path).toBe('admin');
      expect(await upstreamOf('POST', '/admin/tokens/novo')).toBe('admin');
      for (const path of ['/administrador', '/v1/admin', '/'])
        expect(await upstreamOf('GET', path), path).toBe('write');
    } finally {
      await withAdmin.close();
      await admin.app.close();
    }
  });

  it('answers erro_interno in the error envelope when an API is unreachable', async () => {
    const down = await createRouter({
      readApiUrl: read.url,
      writeApiUrl: 'http://127.0.0.1:1',
      readCatalog: new RouteCatalog(),
      logger: createLogger('silent'),
    });
    const downBase = await down.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${downBase}/v1/insumos/lote`, { method: 'POST', body: '{}' });
    await down.close();
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    expect(await res.json()).toEqual({
      erro: { codigo: 'erro_interno', mensagem: expect.any(String), id_requisicao: id },
    });
  });
});
