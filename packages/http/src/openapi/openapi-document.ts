import { z } from 'zod';
import { ERROR_CODES } from '../errors/error-codes.js';
import type { RouteCatalog } from '../routes/route-catalog.js';
import type { AnyRouteDeclaration } from '../routes/route-definition.js';
import { errorResponsesOf } from './error-responses.js';
import { idempotencyKeyParameterOf, successHeadersOf } from './headers.js';
import { openApiSchema } from './json-schema.js';
import { operationIdOf, tagOf } from './operation-names.js';

const errorEnvelope = z.object({
  erro: z.object({
    codigo: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES]),
    mensagem: z.string(),
    campo: z.string().optional(),
    id_requisicao: z.uuid(),
  }),
});

const DESCRIPTION = [
  'Dados de fábrica por empresa: catálogo (produtos, insumos, fornecedores, fichas), estoque',
  '(movimentos, saldos, posição), produção (plano, apontamentos) e compras (pedidos de compra,',
  'vínculos de fornecedor, recebimento de NF-e e notas fiscais).',
  '',
  'Toda rota exige `Authorization: Bearer <token>` com o escopo em `x-svc-escopo`, salvo as',
  'marcadas com `security: []`. Todo erro tem o corpo `Erro`, com o código em `erro.codigo`.',
  'Campos marcados `x-svc-custo` são `null` para um token sem o escopo `custos:ler`.',
].join('\n');

function parametersOf(route: AnyRouteDeclaration) {
  return [
    ...Object.entries((route.query?.shape ?? {}) as Record<string, z.ZodType>).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      schema: openApiSchema(schema, 'input'),
    })),
    ...Object.entries((route.params?.shape ?? {}) as Record<string, z.ZodType>).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: openApiSchema(schema, 'input'),
    })),
    ...idempotencyKeyParameterOf(route),
  ];
}

const exampleOf = (value: unknown) => (value === undefined ? {} : { example: value });

function operationOf(route: AnyRouteDeclaration) {
  const status = String(route.status ?? 200);
  return {
    operationId: operationIdOf(route),
    tags: [tagOf(route)],
    summary: route.summary,
    description: route.description ?? route.summary,
    'x-svc-escopo': route.scope === 'publico' ? 'qualquer' : route.scope,
    ...(route.scope === 'publico' ? { security: [] } : {}),
    parameters: parametersOf(route),
    ...(route.body
      ? {
          requestBody: {
            required: !route.body.safeParse(undefined).success,
            content: {
              'application/json': {
                schema: openApiSchema(route.body, 'input'),
                ...exampleOf(route.examples?.body),
              },
            },
          },
        }
      : {}),
    responses: {
      [status]: {
        description: status === '204' ? 'Sucesso, sem corpo' : 'Sucesso',
        headers: successHeadersOf(route),
        ...(status === '204'
          ? {}
          : {
              content: {
                'application/json': {
                  schema: openApiSchema(route.response, 'output'),
                  ...exampleOf(route.examples?.response),
                },
              },
            }),
      },
      ...errorResponsesOf(route),
    },
  };
}

/** The OpenAPI 3.1 description, generated from the same route declarations that validate. */
export function buildOpenApiDocument(catalog: RouteCatalog): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of catalog.routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  const tags = [...new Set(catalog.routes.map(tagOf))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Factory data API',
      version: '1.0.0',
      description: DESCRIPTION,
      contact: { name: 'Equipe do serviço de dados de fábrica' },
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Erro: openApiSchema(errorEnvelope, 'output') },
    },
    paths,
  };
}
