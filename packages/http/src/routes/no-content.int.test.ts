import { createTestDatabase, describeWith } from '@factory/database/testing';
import { createTestApi } from '@factory/http/testing';
import { createTenantFixture } from '@factory/tenants/testing';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { platformTestDeclarations } from '../../test/platform-routes.fixture.js';
import { param } from '../params/fields.js';
import { defineRoute } from './route-definition.js';

// A route declared `status: 204` (a deletion that answers nothing, compras.md's link DELETE).
const removed: string[] = [];
const deletion = defineRoute({
  method: 'DELETE',
  url: '/v1/teste/vinculos/:codigo',
  scope: 'produtos:escrever',
  summary: 'exclusão de teste',
  params: z.object({ codigo: z.string() }),
  response: z.undefined(),
  status: 204,
  handler: async ({ params }) => {
    removed.push(params.codigo);
    return undefined;
  },
});
const reading = defineRoute({
  method: 'GET',
  url: '/v1/teste/vinculos/:id',
  scope: 'produtos:ler',
  summary: 'leitura de teste',
  params: z.object({ id: param.uuid }),
  response: z.object({ id: z.string() }),
  handler: async ({ params }) => ({ id: params.id }),
});

describeWith(['postgres', 'redis'], 'a route that answers 204', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    const db = await createTestDatabase();
    ({ app } = await createTestApi(db, {
      platformRoutes: platformTestDeclarations,
      routes: [deletion, reading],
      checkAnswers: true,
    }));
    ({ token } = await createTenantFixture(db.pool, { escopos: ['produtos:escrever'] }));
  });

  it('answers 204 with no body after its handler ran, and other routes still answer theirs', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/v1/teste/vinculos/ABC-1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['x-request-id']).toBeDefined();
    expect(removed).toEqual(['ABC-1']);
    const read = await app.inject({
      url: `/v1/teste/vinculos/${crypto.randomUUID()}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(200);
  });

  it('is described with no content', async () => {
    const document = (await app.inject({ url: platformTestDeclarations.description.url })).json();
    const operation = document.paths['/v1/teste/vinculos/{codigo}'].delete;
    expect(Object.keys(operation.responses)).toContain('204');
    expect(operation.responses['204'].content).toBeUndefined();
    expect(operation.responses['200']).toBeUndefined();
  });
});
