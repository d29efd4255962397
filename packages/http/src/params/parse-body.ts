import { MISSING_FIELD } from '@factory/domain';
import { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { invalidField } from '../errors/refusal-error.js';
import { findUnstorable } from './storable-text.js';

/** `itens[2].nome` from ['itens', 2, 'nome']: the spec's way of naming a body key. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((out, part) => {
    if (typeof part === 'number') return `${out}[${part}]`;
    return out === '' ? String(part) : `${out}.${String(part)}`;
  }, '');
}

// zod's own Brazilian Portuguese messages, for this parse only (global config stays untouched).
const PORTUGUESE = { error: z.locales.ptBR().localeError, reportInput: true };

/** The rule a zod issue broke, in Portuguese; unknown keys are named by `campo`, never listed. */
function detailOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return 'campo desconhecido';
  if (issue.code === 'invalid_type' && issue.input === undefined) return MISSING_FIELD;
  return issue.message;
}

/**
 * Validates a parsed JSON body: not an object is `corpo_invalido`; a string PostgreSQL cannot
 * store, or a field invalid, missing or unknown is `validacao` with `campo` naming the first one
 * at fault.
 */
export function parseBody<T extends z.ZodType>(body: unknown, schema: T): z.output<T> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('corpo_invalido');
  // Before the schema, so no transform, default or decider ever sees such a string.
  const unstorable = findUnstorable(body);
  if (unstorable) throw invalidField(fieldPath(unstorable.path), unstorable.reason);
  const result = schema.safeParse(body, PORTUGUESE);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  // zod reports unknown keys on the object; name the key itself
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  throw invalidField(fieldPath(path), detailOf(issue));
}
