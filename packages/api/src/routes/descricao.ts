import { declareRoute } from '@factory/http';
import { z } from 'zod';

/**
 * GET /v1/openapi.json: this service's description, open to anyone. Each process describes the
 * routes it knows (@factory/http's `describedRoute` attaches the handler); the whole service's
 * is `serviceDocument()`.
 */
export const descricao = declareRoute({
  method: 'GET',
  url: '/v1/openapi.json',
  scope: 'publico',
  summary: 'Descrição OpenAPI 3.1 deste serviço',
  response: z.record(z.string(), z.unknown()),
});
