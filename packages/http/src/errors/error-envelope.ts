import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESPONSE_HEADERS } from '../http-layer/response-headers.js';
import type { ApiError } from './api-error.js';

/** The one place that writes the error envelope of the specification, with every answer's headers. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  reply.header('X-Request-Id', request.id);
  reply.headers(RESPONSE_HEADERS);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const erro: Record<string, string> = { codigo: error.codigo, mensagem: error.message };
  if (error.campo !== undefined) erro.campo = error.campo;
  erro.id_requisicao = request.id;
  return reply.code(error.status).type('application/json; charset=utf-8').send({ erro });
}
