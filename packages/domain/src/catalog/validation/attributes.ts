import { validation } from '../../stock/commands.js';
import { accept, type Checked } from '../checked.js';

/** A product's free attributes: one level of string, number or boolean values. */
export type Atributos = Record<string, string | number | boolean>;

/**
 * Bounds of `atributos` (the specification sets none): enough for colour, size and the like,
 * small enough that a product stays a small record (28,000 keys used to be stored and served).
 */
export const ATRIBUTOS_LIMITS = { keys: 50, keyLength: 60, valueLength: 200 } as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/** A copy of `value` when it is a flat object of scalars (nested objects and arrays are not); else null. */
export function toAttributes(value: unknown): Atributos | null {
  if (!isPlainObject(value)) return null;
  const copy: Atributos = {};
  for (const [key, item] of Object.entries(value)) {
    if (!isScalar(item)) return null;
    copy[key] = item;
  }
  return copy;
}

/** `atributos` as stored, or the refusal naming the rule (and the key) at fault. */
export function checkAttributes(value: unknown, campo: string): Checked<Atributos> {
  const copy = toAttributes(value);
  if (copy === null)
    return validation(campo, `${campo} deve ser um objeto de valores texto, número ou booleano`);
  const { keys, keyLength, valueLength } = ATRIBUTOS_LIMITS;
  const entries = Object.entries(copy);
  if (entries.length > keys) return validation(campo, `${campo} deve ter no máximo ${keys} chaves`);
  for (const [key, item] of entries) {
    if (key.length < 1 || key.length > keyLength)
      return validation(campo, `as chaves de ${campo} devem ter de 1 a ${keyLength} caracteres`);
    if (typeof item === 'string' && item.length > valueLength)
      return validation(`${campo}.${key}`, `${campo}.${key} deve ter no máximo ${valueLength} caracteres`);
  }
  return accept(copy);
}
