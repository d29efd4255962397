import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/error-codes.js';
import type { StoredAnswer } from './idempotency-repository.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a fresh success as exact JSON text and returns that answer for storing. The reply's
 * serializer is pinned to the stored text, so the first answer and every replay are the same
 * bytes whatever serializer the platform uses.
 */
export function sendFresh<T>(
  reply: FastifyReply,
  fresh: { status: number; headers?: Record<string, string>; body: T },
): StoredAnswer {
  return sendStored(reply, {
    status: fresh.status,
    headers: { 'Content-Type': JSON_TYPE, ...fresh.headers },
    body: JSON.stringify(fresh.body),
  });
}

/** Sends a stored answer as is (a first answer, already recorded with its write). */
export function sendStored(reply: FastifyReply, answer: StoredAnswer): StoredAnswer {
  reply.code(answer.status).headers(answer.headers);
  reply.serializer(() => answer.body);
  return answer;
}

/** A refusal keeps its status, code, message, field and headers. */
export function answerOfRefusal(error: ApiError): StoredAnswer {
  const erro: Record<string, string> = { codigo: error.codigo, mensagem: error.message };
  if (error.campo !== undefined) erro.campo = error.campo;
  return { status: error.status, headers: error.headers, body: JSON.stringify(erro) };
}

/**
 * Answers a repeat with the first answer and `Idempotency-Replayed: true`. A success goes out
 * byte for byte, status and stored headers (Content-Type, X-Posicao-Log) included. A refusal is
 * thrown again with its status, codigo, mensagem and campo, so the platform writes the
 * envelope: its id_requisicao names this request, as X-Request-Id does.
 */
export function replay<T>(reply: FastifyReply, answer: StoredAnswer): T {
  const replayed = { 'Idempotency-Replayed': 'true' };
  if (answer.status >= 400) {
    const erro = JSON.parse(answer.body) as { codigo: ErrorCode; mensagem: string; campo?: string };
    throw new ApiError(erro.codigo, {
      mensagem: erro.mensagem,
      campo: erro.campo,
      headers: { ...answer.headers, ...replayed },
    });
  }
  reply.code(answer.status).headers({ ...answer.headers, ...replayed });
  reply.serializer(() => answer.body);
  // The object is only what Fastify hands to the pinned serializer; the stored text is sent.
  return JSON.parse(answer.body) as T;
}
