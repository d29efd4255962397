import { createOpenApiCheck, type ObservedAnswer, type OpenApiCheck } from '@factory/http/testing';
import { beforeAll, describe, expect, it } from 'vitest';

const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/v1/coisas/{id}': {
      get: {
        operationId: 'getCoisa',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'ok',
            headers: {
              'X-Request-Id': { required: true, schema: { type: 'string', format: 'uuid' } },
              'X-RateLimit-Limit': { required: true, schema: { type: 'integer' } },
              'Idempotency-Replayed': { schema: { type: 'string', enum: ['true'] } },
            },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'nota'],
                  properties: { id: { type: 'string', format: 'uuid' }, nota: { type: ['string', 'null'] } },
                },
              },
            },
          },
          '204': { description: 'nada' },
        },
      },
    },
  },
};

const ID = '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f';
const good: ObservedAnswer = {
  method: 'GET',
  path: `/v1/coisas/${ID}?x=1`,
  status: 200,
  headers: {
    'x-request-id': ID,
    'X-RateLimit-Limit': '120',
    'content-type': 'application/json; charset=utf-8',
  },
  body: JSON.stringify({ id: ID, nota: null }),
};

describe('createOpenApiCheck', () => {
  let check: OpenApiCheck;
  beforeAll(async () => {
    check = await createOpenApiCheck(document);
  });

  it('passes an answer that keeps its description, and refusals of requests it lacks', () => {
    expect(check.problems(good)).toEqual([]);
    expect(check.problems({ ...good, status: 204, headers: {}, body: '' })).toEqual([]);
    const erro = JSON.stringify({ erro: { codigo: 'rota_inexistente', mensagem: 'x' } });
    expect(check.problems({ ...good, method: 'DELETE', status: 405, body: erro })).toEqual([]);
    expect(check.problems({ ...good, path: '/v1/nada', status: 404, body: erro })).toEqual([]);
    expect(check.problems({ ...good, path: '/v1/nada?token=x', status: 400, body: erro })).toEqual([]);
    expect(check.problems({ ...good, method: 'HEAD', status: 405, body: '' })).toEqual([]);
  });

  it.each<[string, Partial<ObservedAnswer>, RegExp]>([
    ['a status not described', { status: 500 }, /status not described by getCoisa/],
    [
      'a required header missing',
      { headers: { 'x-request-id': ID, 'content-type': 'application/json' } },
      /X-RateLimit-Limit missing/,
    ],
    [
      'a header of the wrong type',
      { headers: { ...good.headers, 'x-ratelimit-limit': 'many' } },
      /header .*x-ratelimit-limit/,
    ],
    [
      'a header outside its enum',
      { headers: { ...good.headers, 'idempotency-replayed': 'false' } },
      /idempotency-replayed/,
    ],
    [
      'a body field of the wrong type',
      { body: JSON.stringify({ id: ID, nota: 3 }) },
      /body\/nota must be string,null/,
    ],
    ['a body field missing', { body: JSON.stringify({ id: ID }) }, /must have required property 'nota'/],
    [
      'a body breaking a format',
      { body: JSON.stringify({ id: 'x', nota: null }) },
      /body\/id must match format "uuid"/,
    ],
    [
      'another content type',
      { headers: { ...good.headers, 'content-type': 'text/plain' } },
      /content-type text\/plain/,
    ],
    ['a body that is not JSON', { body: '{' }, /body is not JSON/],
    [
      'a body where none is described',
      { status: 204, headers: {}, body: '{}' },
      /a body where the description has none/,
    ],
    ['a success on a path it lacks', { path: '/v1/nada', status: 200 }, /no operation describes it/],
    [
      'a refusal out of the envelope on a path it lacks',
      { path: '/v1/nada', status: 404, body: '{}' },
      /not a refusal/,
    ],
  ])('fails %s', (_name, change, problem) => {
    const problems = check.problems({ ...good, ...change });
    expect(problems).toEqual([expect.stringMatching(problem)]);
  });
});
