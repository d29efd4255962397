import type { WriteRefusal } from '../write-refusal.js';

/**
 * A batch item's `erro`: the field, then the reason (the decider's text without the field's
 * name it starts with), e.g. "ean: deve ser um GTIN-8, 12, 13 ou 14 com dígito verificador
 * válido"; a refusal about no field (a conflict) is its text alone.
 */
export function itemError(error: WriteRefusal): string {
  if (error.kind === 'conflict' || error.kind === 'key_reused' || error.kind === 'key_in_use')
    return error.mensagem;
  return fieldError(error.campo, error.mensagem);
}

export function fieldError(campo: string, mensagem: string): string {
  const reason = mensagem.startsWith(`${campo} `) ? mensagem.slice(campo.length + 1) : mensagem;
  return `${campo}: ${reason}`;
}
