import { describe, expect, it } from 'vitest';
import { changedFields, readPatch, sameValue } from './record-patch.js';
import { nullable, text } from './validation/field-rules.js';

describe('record patches', () => {
  const rules = { nome: text(), familia: nullable(text()) };

  it('reads only the present keys; null is a value, undefined is absent', () => {
    expect(readPatch({ nome: 'A', familia: null }, rules)).toEqual({
      ok: true,
      value: { nome: 'A', familia: null },
    });
    expect(readPatch({ nome: 'A', familia: undefined }, rules)).toEqual({ ok: true, value: { nome: 'A' } });
    expect(readPatch({}, rules)).toEqual({ ok: true, value: {} });
  });

  it('refuses at the first invalid key in body order', () => {
    expect(readPatch({ familia: '', nome: '' }, rules)).toMatchObject({
      ok: false,
      error: { campo: 'nome' },
    });
  });

  it('compares values structurally, ignoring object key order', () => {
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
  });

  it('lists only the changed fields, with their new values', () => {
    const current: { nome: string; familia: string | null; atributos: object } = {
      nome: 'A',
      familia: 'X',
      atributos: { cor: 'azul' },
    };
    expect(changedFields(current, { nome: 'A', familia: null, atributos: { cor: 'azul' } })).toEqual({
      familia: null,
    });
    expect(changedFields(current, { ...current })).toEqual({});
  });
});
