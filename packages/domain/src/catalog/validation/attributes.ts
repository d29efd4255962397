/** A product's free attributes: one level of string, number or boolean values. */
export type Atributos = Record<string, string | number | boolean>;

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
