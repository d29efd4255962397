import { ApiError } from './api-error.js';
import { bounded, MAX_CAMPO_CHARS, MAX_DETAIL_CHARS } from './bounded-text.js';

/** A field at fault, worded the same wherever it is found (body schema or decider). */
export function invalidField(campo: string, detail: string): ApiError {
  const named = bounded(campo, MAX_CAMPO_CHARS);
  const mensagem = `Campo inválido: ${named} (${bounded(detail, MAX_DETAIL_CHARS)}).`;
  return new ApiError('validacao', { campo: named, mensagem });
}

/** The refusals a write can end in (the write model's WriteRefusal, structurally). */
export type Refusal =
  | { kind: 'validation'; campo: string; mensagem: string }
  | { kind: 'not_found'; campo: string; mensagem: string }
  | { kind: 'conflict'; mensagem: string }
  | { kind: 'key_reused'; mensagem: string }
  | { kind: 'key_in_use'; mensagem: string };

/**
 * A refused write as the API's error. `notFound` says how an unknown id is answered: a body
 * field (`insumo_id`) is a 422 like any invalid field, a path id a 404.
 */
export function refusalError(
  error: Refusal,
  notFound: 'validacao' | 'nao_encontrado' = 'nao_encontrado',
): ApiError {
  switch (error.kind) {
    case 'validation':
      return invalidField(error.campo, error.mensagem);
    case 'not_found':
      return notFound === 'validacao'
        ? invalidField(error.campo, error.mensagem)
        : new ApiError('nao_encontrado');
    case 'conflict':
      return new ApiError('conflito', {
        mensagem: `${error.mensagem.charAt(0).toUpperCase()}${error.mensagem.slice(1)}.`,
      });
    case 'key_reused':
      return new ApiError('chave_idempotencia_reutilizada', { mensagem: error.mensagem });
    // A first attempt's key taken by a concurrent request: withIdempotency answers through the
    // key's claim instead, so this is never sent.
    case 'key_in_use':
      return new ApiError('conflito', { mensagem: error.mensagem });
  }
}
