import type { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { invalidField } from '../errors/refusal-error.js';

/** `itens[2].nome` from ['itens', 2, 'nome']: the spec's way of naming a body key. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((out, part) => {
    if (typeof part === 'number') return `${out}[${part}]`;
    return out === '' ? String(part) : `${out}.${String(part)}`;
  }, '');
}

/**
 * Validates a parsed JSON body: not an object is `corpo_invalido`; a field invalid, missing or
 * unknown is `validacao` with `campo` naming the first one at fault.
 */
export function parseBody<T extends z.ZodType>(body: unknown, schema: T): z.output<T> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('corpo_invalido');
  const result = schema.safeParse(body);
  if (result.success) {
    const nul = pathOfNulCharacter(result.data, []);
    // PostgreSQL text and jsonb cannot hold U+0000: refused here, named, not failed on write.
    if (nul !== null) throw invalidField(fieldPath(nul), 'o caractere U+0000 não é aceito');
    return result.data;
  }
  const issue = result.error.issues[0]!;
  // zod reports unknown keys on the object; name the key itself
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const campo = fieldPath(path);
  throw invalidField(campo, issue.message);
}

function pathOfNulCharacter(value: unknown, path: PropertyKey[]): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = pathOfNulCharacter(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = pathOfNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  return null;
}
