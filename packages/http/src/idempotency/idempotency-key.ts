import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * The request's Idempotency-Key, or null when it has none. Missing where required, empty,
 * repeated (Node joins repeats with ", ", which the pattern refuses) or outside 1..100
 * characters of [A-Za-z0-9_.:-]: 400 parametro_invalido naming the header.
 */
export function readIdempotencyKey(request: FastifyRequest, required: boolean): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) {
    if (!required) return null;
    throw invalid('Idempotency-Key é obrigatório nesta operação.');
  }
  if (typeof raw !== 'string' || !KEY.test(raw))
    throw invalid('Idempotency-Key deve ter de 1 a 100 caracteres [A-Za-z0-9_.:-].');
  return raw;
}

const invalid = (mensagem: string) =>
  new ApiError('parametro_invalido', { campo: IDEMPOTENCY_HEADER, mensagem });
