import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../routes/route-definition.js';
import { buildOpenApiDocument } from './openapi-document.js';

/** GET /v1/openapi.json: needs no token. */
export function openApiRoute(app: FastifyInstance) {
  return defineRoute({
    method: 'GET',
    url: '/v1/openapi.json',
    scope: 'publico',
    summary: 'Descrição OpenAPI 3.1 deste serviço',
    response: z.record(z.string(), z.unknown()),
    handler: async () => buildOpenApiDocument(app.routeCatalog),
  });
}
