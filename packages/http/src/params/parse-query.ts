import type { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { bounded, MAX_CAMPO_CHARS } from '../errors/bounded-text.js';
import { queryPairs } from './query-string.js';

// A parameter's name is echoed, bounded: it can be as long as the URL.
const invalid = (name: string, mensagem: (campo: string) => string) => {
  const campo = bounded(name, MAX_CAMPO_CHARS);
  return new ApiError('parametro_invalido', { campo, mensagem: mensagem(campo) });
};

/**
 * The single query-parameter parser of every route: unknown, repeated, empty or malformed
 * parameters are refused with `parametro_invalido` naming the parameter; nothing is ignored.
 */
export function parseQuery<T extends z.ZodObject>(rawUrl: string, schema: T): z.output<T> {
  const known = schema.shape as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const [name, value] of queryPairs(rawUrl)) {
    if (!Object.hasOwn(known, name)) throw invalid(name, (campo) => `Parâmetro desconhecido: ${campo}.`);
    if (Object.hasOwn(values, name)) throw invalid(name, (campo) => `Parâmetro repetido: ${campo}.`);
    if (value === '') throw invalid(name, (campo) => `Parâmetro vazio: ${campo}.`);
    values[name] = value;
  }
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  throw invalid(String(result.error.issues[0]?.path[0] ?? ''), (campo) => `Valor inválido para ${campo}.`);
}
