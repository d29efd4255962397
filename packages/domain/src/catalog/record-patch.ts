import { accept, type Checked } from './checked.js';
import type { FieldRule } from './validation/field-rules.js';

/**
 * Partial updates (writes.md): an absent key keeps the stored value, `null` clears a
 * nullable one. Every upsert reads the present keys into a patch, lays the patch over the
 * current record, and compares the two, so an item that changes nothing appends nothing.
 */

export type FieldRules<R> = { readonly [K in keyof R]?: FieldRule<R[K]> };

/** An item as received: body keys to JSON values. */
export type RawItem = Readonly<Record<string, unknown>>;

/** An `undefined` value counts as absent, as it does once the body is JSON. */
export const isPresent = (item: RawItem, key: string): boolean =>
  Object.hasOwn(item, key) && item[key] !== undefined;

/** Checks the present keys in the rules' order (the body order): the first problem wins. */
export function readPatch<R>(item: RawItem, rules: FieldRules<R>): Checked<Partial<R>> {
  const patch: Partial<R> = {};
  for (const key of Object.keys(rules) as (keyof R & string)[]) {
    if (!isPresent(item, key)) continue;
    const checked = (rules[key] as FieldRule<R[typeof key]>)(item[key], key);
    if (!checked.ok) return checked;
    patch[key] = checked.value;
  }
  return accept(patch);
}

/** The fields of `next` whose value differs from `current`, with their new values. */
export function changedFields<R extends object>(current: R, next: R): Partial<R> {
  const changes: Partial<R> = {};
  for (const key of Object.keys(next) as (keyof R)[]) {
    if (!sameValue(current[key], next[key])) changes[key] = next[key];
  }
  return changes;
}

export const isEmpty = (changes: object): boolean => Object.keys(changes).length === 0;

/**
 * Structural equality of stored values (scalars, canonical decimal text, arrays, flat
 * objects). Object key order is ignored: `{a, b}` and `{b, a}` are the same attributes.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]))
  );
}
