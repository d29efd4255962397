import { z } from 'zod';
import { param } from '../src/params/fields.js';
import type { PlatformRoutes } from '../src/routes/platform-routes.js';
import { defineRoute } from '../src/routes/route-definition.js';

// Routes that exercise the platform in its own tests, independent of any app's routes.
export const platformTestRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/teste/produtos',
    scope: 'produtos:ler',
    summary: 'lista de teste',
    query: z.object({ limite: param.limite, cursor: param.cursor.optional(), sku: param.text.optional() }),
    response: z.object({ limite: z.number(), proximo_cursor: z.string() }),
    handler: async ({ query, auth, request }) => {
      const scope = { list: 'teste', empresa: auth.empresa.id, filters: { sku: query.sku } };
      if (query.cursor) request.server.cursors.decode(query.cursor, scope);
      return {
        limite: query.limite,
        proximo_cursor: request.server.cursors.encode(scope, ['k']),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/teste/produtos/:id',
    scope: 'produtos:ler',
    summary: 'item de teste',
    params: z.object({ id: param.uuid }),
    response: z.object({ id: z.string() }),
    handler: async ({ params }) => ({ id: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/teste/produtos/lote',
    scope: 'produtos:escrever',
    summary: 'escrita de teste',
    body: z.strictObject({
      itens: z.array(z.strictObject({ sku: z.string().min(1), qtd: z.number().positive() })),
    }),
    response: z.object({ n: z.number() }),
    status: 201,
    handler: async ({ body }) => ({ n: body.itens.length }),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/teste/falha',
    scope: 'qualquer',
    summary: 'falha inesperada',
    response: z.object({}),
    handler: async () => {
      throw new Error('segredo interno: SELECT * FROM tokens');
    },
  }),
];

/**
 * A description and probes of the platform's own tests, at URLs of their own: the platform
 * serves whatever a service declares (the service's are @factory/api's `platformRoutes`).
 */
export const platformTestDeclarations: PlatformRoutes = {
  description: {
    method: 'GET',
    url: '/v1/teste/openapi.json',
    scope: 'publico',
    summary: 'descrição de teste',
    response: z.record(z.string(), z.unknown()),
  },
  live: { method: 'GET', url: '/teste/vivo', scope: 'publico', summary: 'vivo', response: z.unknown() },
  ready: { method: 'GET', url: '/teste/pronto', scope: 'publico', summary: 'pronto', response: z.unknown() },
};
