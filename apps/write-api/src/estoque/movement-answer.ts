import { ApiError, type AuthContext, type FreshAnswer, type Movimento } from '@factory/http';
import type { MovementOutcome, MovementRefusal } from '@factory/write-model';
import { toMovimento } from './movimento.js';

/**
 * A movement command's outcome as the route's answer: 201 with the Movimento and
 * `X-Posicao-Log`, or the refusal as an API error. `notFound` says how an unknown id is
 * answered: a body field (`insumo_id`) is a 422 like any invalid field, a path id a 404.
 */
export function movementAnswer(
  outcome: MovementOutcome,
  auth: AuthContext,
  notFound: 'validacao' | 'nao_encontrado',
): FreshAnswer<Movimento> {
  if (!outcome.ok) throw refusalError(outcome.error, notFound);
  return {
    status: 201,
    headers: { 'X-Posicao-Log': String(outcome.position) },
    body: toMovimento(outcome.movimento, auth),
  };
}

function refusalError(error: MovementRefusal, notFound: 'validacao' | 'nao_encontrado'): ApiError {
  switch (error.kind) {
    case 'validation':
      return new ApiError('validacao', {
        campo: error.campo,
        mensagem: fieldMessage(error.campo, error.mensagem),
      });
    case 'not_found':
      return notFound === 'validacao'
        ? new ApiError('validacao', {
            campo: error.campo,
            mensagem: fieldMessage(error.campo, error.mensagem),
          })
        : new ApiError('nao_encontrado');
    case 'conflict':
      return new ApiError('conflito', { mensagem: sentence(error.mensagem) });
    case 'key_reused':
      return new ApiError('chave_idempotencia_reutilizada', { mensagem: error.mensagem });
  }
}

// The same wording as the platform's body validation.
const fieldMessage = (campo: string, detail: string) => `Campo inválido: ${campo} (${detail}).`;

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
