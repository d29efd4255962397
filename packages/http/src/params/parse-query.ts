import type { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { queryPairs } from './query-string.js';

const invalid = (campo: string, mensagem: string) => new ApiError('parametro_invalido', { campo, mensagem });

/**
 * The single query-parameter parser of every route: unknown, repeated, empty or malformed
 * parameters are refused with `parametro_invalido` naming the parameter; nothing is ignored.
 */
export function parseQuery<T extends z.ZodObject>(rawUrl: string, schema: T): z.output<T> {
  const known = schema.shape as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const [name, value] of queryPairs(rawUrl)) {
    if (!Object.hasOwn(known, name)) throw invalid(name, `Parâmetro desconhecido: ${name}.`);
    if (Object.hasOwn(values, name)) throw invalid(name, `Parâmetro repetido: ${name}.`);
    if (value === '') throw invalid(name, `Parâmetro vazio: ${name}.`);
    values[name] = value;
  }
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const campo = String(result.error.issues[0]?.path[0] ?? '');
  throw invalid(campo, `Valor inválido para ${campo}.`);
}
