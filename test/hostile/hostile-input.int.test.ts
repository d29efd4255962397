import type { AddressInfo } from 'node:net';
import { ERROR_CODES, type ErrorCode } from '@factory/http';
import { describeWith } from '@factory/testing';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { rawRequest } from '../../packages/http/test/http-layer/raw-http.fixture.js';
import { baselineBody, hostileRequest, replaceLeaves } from './hostile-requests.js';
import { type HostileScene, startHostileScene } from './hostile-scene.js';
import { hostileString } from './hostile-values.js';

// Issue 13: hostile values in every parameter, header and body field of every route. Fast by
// default for CI; HOSTILE_RUNS=<runs per route> for a longer hunt (e.g. HOSTILE_RUNS=2000).
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Words of the validator's English messages that must never reach a client.
const ENGLISH =
  /invalid input|expected|received|unrecognized|required|too (big|small)|must be|is not a valid/i;
const MAX_MESSAGE = 400;

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

function expectWithinPromise(answer: Answer, where: string, method: string) {
  expect(answer.status, `${where}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.headers['x-request-id'], where).toMatch(UUID);
  expect(answer.headers['cache-control'], where).toBe('no-store');
  expect(answer.headers['x-content-type-options'], where).toBe('nosniff');
  if (method === 'HEAD') return; // HTTP sends no body to HEAD
  if (answer.status < 400) {
    for (const resultado of JSON.parse(answer.body).resultados ?? []) {
      if (resultado.erro === null) continue;
      expect(resultado.erro, where).not.toMatch(ENGLISH);
      expect(resultado.erro.length, where).toBeLessThanOrEqual(MAX_MESSAGE);
    }
    return;
  }
  const { erro } = JSON.parse(answer.body) as {
    erro: { codigo: string; mensagem: string; campo?: string; id_requisicao: string };
  };
  expect(Object.keys(ERROR_CODES), where).toContain(erro.codigo);
  expect(answer.status, where).toBe(ERROR_CODES[erro.codigo as ErrorCode].status);
  expect(erro.id_requisicao, where).toBe(answer.headers['x-request-id']);
  expect(erro.mensagem, where).not.toMatch(ENGLISH);
  expect(erro.mensagem.length, where).toBeLessThanOrEqual(MAX_MESSAGE);
  if (erro.campo !== undefined) expect(erro.campo.length, where).toBeLessThanOrEqual(120);
}

describeWith(['postgres', 'redis'], 'hostile input on every route (issue 13)', () => {
  let scene: HostileScene;

  beforeAll(async () => {
    scene = await startHostileScene();
  }, 120_000);

  it('item 1: a lone surrogate in any string of any write is 422 validacao, also when retried with its key', async () => {
    for (const route of scene.routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      const url = route.url
        .replace(':produto_id', scene.seeded.produtoId)
        .replace(':id', scene.seeded.movimentoId)
        .replace(':dia', '2026-11-24');
      const payload = JSON.stringify(replaceLeaves(baselineBody(route, scene)!, 'string', 'x\ud800'));
      expect(payload).toContain('\\ud800');
      const headers = {
        authorization: `Bearer ${scene.a.token}`,
        'content-type': 'application/json',
        'idempotency-key': `k-${route.url}`,
      };
      const before = await scene.logHead();
      for (const attempt of [1, 2]) {
        const res = await scene.app.inject({ method: route.method, url, headers, payload });
        expect({
          route: route.url,
          attempt,
          status: res.statusCode,
          codigo: res.json().erro?.codigo,
        }).toEqual({
          route: route.url,
          attempt,
          status: 422,
          codigo: 'validacao',
        });
      }
      expect(await scene.logHead()).toBe(before);
    }
    for (const url of ['/v1/produtos/lote', '/v1/fornecedores/lote', '/v1/insumos/lote']) {
      const deep = `{"itens":[${'['.repeat(4_000)}${']'.repeat(4_000)}]}`;
      const res = await scene.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${scene.a.token}`, 'content-type': 'application/json' },
        payload: deep,
      });
      expect({ url, status: res.statusCode, codigo: res.json().erro.codigo }).toEqual({
        url,
        status: 400,
        codigo: 'corpo_invalido',
      });
    }
  });

  it('never answers 5xx, always the envelope with X-Request-Id, Portuguese bounded messages, and writes nothing on a refusal', async () => {
    for (const route of scene.routes) {
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, scene), async (request) => {
          const before = await scene.logHead();
          const res = await scene.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            payload: request.payload,
          });
          const where = `${request.method} ${request.url.slice(0, 200)}`;
          expectWithinPromise(
            { status: res.statusCode, headers: res.headers, body: res.body },
            where,
            request.method,
          );
          if (res.statusCode >= 400)
            expect(await scene.logHead(), `${where} wrote on a refusal`).toBe(before);
        }),
        { numRuns: RUNS },
      );
    }
  }, 600_000);

  it('answers malformed HTTP on the socket in the envelope, or closes it', async () => {
    await scene.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (scene.app.server.address() as AddressInfo).port;
    const token = scene.a.token;
    const line = fc.oneof(
      fc.constantFrom(
        'GET /v1/eu HTTP/1.1',
        'GET /v1/eu HTTP/1.0',
        `GET /v1/eu/${token} HTTP/1.1`,
        'GET  /v1/eu HTTP/1.1',
        'GET /v1/eu HTTP/9.9',
        'G\u0000T /v1/eu HTTP/1.1',
        'GET /v1/%C0%AE HTTP/1.1',
      ),
      hostileString.map((s) => `GET /v1/produtos/${s.replace(/[\s]/g, '')} HTTP/1.1`),
    );
    const header = fc.oneof(
      fc.constantFrom(
        'Host: localhost',
        `Authorization: Bearer ${token}`,
        `Authorization: Bearer ${token}\r\nAuthorization: Bearer x`,
        'Transfer-Encoding: chunked',
        'Content-Length: 5',
        'Content-Length: -1',
        'X-A: a\r\n b',
        'X-A: a\nX-B: b',
        'Expect: nada',
        `X-A: ${'a'.repeat(70_000)}`,
        'Host: a\r\nHost: b',
      ),
      hostileString.map((s) => `X-H: ${s}`),
    );
    await fc.assert(
      fc.asyncProperty(line, fc.array(header, { maxLength: 4 }), async (requestLine, headers) => {
        const bytes = Buffer.from(
          `${requestLine}\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`,
          'utf8',
        );
        const answer = await rawRequest(port, bytes).catch(() => null); // a closed socket is fine
        if (answer === null) return;
        const where = JSON.stringify(bytes.toString('latin1').slice(0, 200));
        expect(answer.status, where).toBeLessThan(500);
        expect(answer.headers['x-request-id'], where).toMatch(UUID);
        if (answer.status >= 400)
          expect(JSON.parse(answer.body).erro.id_requisicao, where).toBe(answer.headers['x-request-id']);
      }),
      { numRuns: RUNS * 5 },
    );
  }, 300_000);
});
