import { ApiError } from '@factory/http';
import type { CatalogRefusal } from '@factory/write-model';

/**
 * A batch item's `erro`: the field, then the reason (the decider's text without the field's
 * name it starts with), e.g. "ean: deve ser um GTIN-8, 12, 13 ou 14 com dígito verificador
 * válido"; a refusal about no field (a conflict) is its text alone.
 */
export function itemError(error: CatalogRefusal): string {
  if (error.kind === 'conflict' || error.kind === 'key_reused') return error.mensagem;
  return fieldError(error.campo, error.mensagem);
}

export function fieldError(campo: string, mensagem: string): string {
  const reason = mensagem.startsWith(`${campo} `) ? mensagem.slice(campo.length + 1) : mensagem;
  return `${campo}: ${reason}`;
}

/** A single-record write's refusal as the API's error: 422, 404, 409. */
export function refusalError(error: CatalogRefusal): ApiError {
  switch (error.kind) {
    case 'validation':
      return new ApiError('validacao', {
        campo: error.campo,
        mensagem: `Campo inválido: ${error.campo} (${error.mensagem}).`,
      });
    case 'not_found':
      return new ApiError('nao_encontrado');
    case 'conflict':
      return new ApiError('conflito', { mensagem: sentence(error.mensagem) });
    case 'key_reused':
      return new ApiError('chave_idempotencia_reutilizada', { mensagem: error.mensagem });
  }
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
