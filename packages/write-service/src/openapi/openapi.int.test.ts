import { randomUUID } from 'node:crypto';
import { readRoutes } from '@factory/api';
import type { AnyRoute } from '@factory/http';
import { createTenantFixture } from '@factory/tenants/testing';
import { createTestApi, createTestDatabase, describeWith } from '@factory/testing';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { openApiRuleset } from '../../test/openapi/openapi-ruleset.fixture.js';
import { writeApiRoutes } from '../index.js';

interface Operation {
  operationId?: string;
  tags: string[];
  description: string;
  'x-svc-escopo'?: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema: unknown }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
}
type Description = { paths: Record<string, Record<string, Operation>> };

describeWith(['postgres', 'redis'], 'GET /v1/openapi.json, linted', () => {
  let document: Description;
  let app: FastifyInstance;
  let token: string;
  let routes: AnyRoute[];

  beforeAll(async () => {
    const db = await createTestDatabase();
    routes = writeApiRoutes({ pool: db.pool });
    ({ token } = await createTenantFixture(db.pool, { escopos: ['produtos:escrever'] }));
    // The write API's description is the whole service's: it describes the read routes too.
    ({ app } = await createTestApi(db, {
      routes,
      servedElsewhere: [...readRoutes],
    }));
    const res = await app.inject({ url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json<Description>();
  });

  it('passes spectral:oas and our ruleset with no error and no warning', async () => {
    const spectral = new Spectral();
    spectral.setRuleset(openApiRuleset);
    const results = await spectral.run(new Document(JSON.stringify(document), Json));
    const found = results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(found).toEqual([]);
  });

  it('fails a document that breaks spectral:oas or our rules (the ruleset can fail)', async () => {
    const broken = structuredClone(document);
    const operation = broken.paths['/v1/estoque/movimentos']!.post!;
    delete operation['x-svc-escopo'];
    delete operation.operationId;
    delete operation.responses['429'];
    operation.responses['404'] = { description: 'x', content: { 'application/json': { schema: {} } } };
    const spectral = new Spectral();
    spectral.setRuleset(openApiRuleset);
    const codes = (await spectral.run(new Document(JSON.stringify(broken), Json))).map((r) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'operation-operationId',
        'svc-escopo',
        'svc-error-responses',
        'svc-erro-schema',
      ]),
    );
  });

  it('has a stable operationId, a tag and a description on every operation', () => {
    const ids: string[] = [];
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations)) {
        ids.push(operation.operationId ?? '');
        expect(operation.tags).toHaveLength(1);
        expect(operation.description).toBeTruthy();
      }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('postEstoqueMovimentosByIdEstorno');
    expect(ids).toContain('getProdutosById');
  });

  it('carries no $schema key and describes limite as an integer from 1 to 200', () => {
    expect(JSON.stringify(document)).not.toContain('"$schema"');
    const limite = document.paths['/v1/produtos']!.get!.parameters.find((p) => p.name === 'limite');
    expect(limite?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
  });

  it('describes the Idempotency-Key header of every write, required where the service requires it', () => {
    const keyOf = (path: string, method: string) =>
      document.paths[path]![method]!.parameters.find((p) => p.name === 'Idempotency-Key');
    expect(keyOf('/v1/estoque/movimentos', 'post')).toMatchObject({ in: 'header', required: true });
    expect(keyOf('/v1/producao/apontamentos', 'post')).toMatchObject({ in: 'header', required: true });
    expect(keyOf('/v1/estoque/movimentos/{id}/estorno', 'post')).toMatchObject({ required: false });
    expect(keyOf('/v1/produtos/lote', 'post')).toMatchObject({ required: false });
    expect(keyOf('/v1/produtos', 'get')).toBeUndefined();
  });

  it('describes the optional estorno and cancelamento bodies and batch items that any value passes', () => {
    for (const path of [
      '/v1/estoque/movimentos/{id}/estorno',
      '/v1/producao/apontamentos/{id}/cancelamento',
    ]) {
      const optional = document.paths[path]!.post!.requestBody!;
      expect(optional.required).toBe(false);
      expect(optional.content['application/json']!.schema).toMatchObject({
        properties: { motivo: expect.anything() },
        additionalProperties: false,
      });
    }
    const lote = document.paths['/v1/produtos/lote']!.post!.requestBody!.content['application/json']!.schema;
    const items = (lote as { properties: { itens: { items: { anyOf: unknown[] } } } }).properties.itens.items;
    expect(items.anyOf).toEqual([expect.objectContaining({ properties: expect.any(Object) }), {}]);
  });

  it('sends exactly the headers described, on a write, its replay, a refusal and a public route', async () => {
    const lote = document.paths['/v1/produtos/lote']!.post!;
    const payload = JSON.stringify({ itens: [{ sku: `OA-${randomUUID().slice(0, 8)}`, nome: 'Descrito' }] });
    const send = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/v1/produtos/lote',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const key = randomUUID();
    const first = await send({ authorization: `Bearer ${token}`, 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-posicao-log']).toBeDefined();
    expectHeadersDescribed(first, lote.responses['200']!.headers);
    const again = await send({ authorization: `Bearer ${token}`, 'idempotency-key': key });
    expect(again.headers['idempotency-replayed']).toBe('true');
    expectHeadersDescribed(again, lote.responses['200']!.headers);
    const refused = await send({});
    expect(refused.statusCode).toBe(401);
    expectHeadersDescribed(refused, lote.responses['401']!.headers);
    const description = await app.inject({ url: '/v1/openapi.json' });
    expectHeadersDescribed(description, document.paths['/v1/openapi.json']!.get!.responses['200']!.headers);
  });

  it('gives examples its own schemas accept, and the batch example is what the service answers', async () => {
    const withExamples = [...routes, ...readRoutes].filter((r) => r.examples);
    // Every success answer with a body has an example, but the description's own (a 204 has none).
    const withoutExample = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !('204' in operation.responses))
        .filter(([, operation]) => {
          const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))![1];
          return (
            (success.content as Record<string, { example?: unknown }>)['application/json']?.example ===
            undefined
          );
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withoutExample).toEqual(['GET /v1/openapi.json']);
    // Every request body has an example.
    expect(routes.filter((r) => r.body && r.examples?.body === undefined).map((r) => r.url)).toEqual([]);
    expect(withExamples.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /v1/estoque/movimentos',
        'POST /v1/produtos/lote',
        'GET /v1/estoque/movimentos',
        'GET /v1/estoque/saldos',
      ]),
    );
    for (const route of withExamples) {
      if (route.examples?.body !== undefined) route.body!.parse(route.examples.body);
      if (route.examples?.response !== undefined) route.response.parse(route.examples.response);
    }
    const lote = routes.find((r) => r.url === '/v1/produtos/lote')!.examples!;
    const res = await app.inject({
      method: 'POST',
      url: '/v1/produtos/lote',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(lote.body),
    });
    expect(res.statusCode).toBe(200);
    const ids = (x: { resultados: Array<{ id: string | null }> }) =>
      x.resultados.map((r) => ({ ...r, id: r.id === null ? null : 'id' }));
    expect(ids(res.json())).toEqual(ids(lote.response as never));
  });

  it('describes Retry-After and the rate-limit headers as always sent on a 429', () => {
    const headers = document.paths['/v1/produtos']!.get!.responses['429']!.headers as Record<
      string,
      { required: boolean }
    >;
    for (const name of ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'])
      expect(headers[name]?.required).toBe(true);
  });
});

// The headers this service writes that the description must account for.
const OURS = /^(x-request-id|x-ratelimit-.*|retry-after|idempotency-replayed|x-posicao-log)$/i;

/** Every header of ours sent is described, and every required one described is sent. */
function expectHeadersDescribed(res: LightMyRequestResponse, described: Record<string, unknown> | undefined) {
  const names = Object.entries(described ?? {});
  const sent = Object.keys(res.headers).filter((h) => OURS.test(h));
  const lower = names.map(([name]) => name.toLowerCase());
  expect(sent.filter((h) => !lower.includes(h))).toEqual([]);
  const required = names
    .filter(([, h]) => (h as { required?: boolean }).required)
    .map(([n]) => n.toLowerCase());
  expect(required.filter((h) => !(h in res.headers))).toEqual([]);
  expect(sent.length).toBeGreaterThan(0);
}
