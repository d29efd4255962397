import { z } from 'zod';
import type { RouteCatalog } from '../routes/route-catalog.js';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

const errorEnvelope = z.object({
  erro: z.object({
    codigo: z.string(),
    mensagem: z.string(),
    campo: z.string().optional(),
    id_requisicao: z.uuid(),
  }),
});

/** The OpenAPI 3.1 description, generated from the same route declarations that validate. */
export function buildOpenApiDocument(catalog: RouteCatalog): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of catalog.routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters = [
      ...Object.entries((route.query?.shape ?? {}) as Record<string, z.ZodType>).map(([name, schema]) => ({
        name,
        in: 'query',
        required: false,
        schema: jsonSchema(schema, 'input'),
      })),
      ...Object.entries((route.params?.shape ?? {}) as Record<string, z.ZodType>).map(([name, schema]) => ({
        name,
        in: 'path',
        required: true,
        schema: jsonSchema(schema, 'input'),
      })),
    ];
    const status = String(route.status ?? 200);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      'x-svc-escopo': route.scope === 'publico' ? 'qualquer' : route.scope,
      ...(route.scope === 'publico' ? { security: [] } : {}),
      parameters,
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [status]: {
          description: 'Sucesso',
          content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
        },
        default: {
          description: 'Erro',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Erro' } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Factory data API', version: '1.0.0' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Erro: jsonSchema(errorEnvelope, 'output') },
    },
    paths,
  };
}
