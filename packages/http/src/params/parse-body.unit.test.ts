import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { parseBody } from './parse-body.js';

const schema = z.strictObject({
  nome: z.string(),
  itens: z.array(z.strictObject({ referencia: z.string().nullish() })).optional(),
});

const refusal = (body: unknown) => {
  try {
    parseBody(body, schema);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.codigo, campo: error.campo };
  }
};

describe('parseBody', () => {
  it('names the first field at fault, unknown keys included', () => {
    expect(refusal({})).toEqual({ code: 'validacao', campo: 'nome' });
    expect(refusal({ nome: 'a', extra: 1 })).toEqual({ code: 'validacao', campo: 'extra' });
    expect(refusal([])).toEqual({ code: 'corpo_invalido', campo: undefined });
  });

  it('refuses a U+0000 character anywhere, naming where, which the database could not store', () => {
    expect(refusal({ nome: 'a\u0000b' })).toEqual({ code: 'validacao', campo: 'nome' });
    expect(refusal({ nome: 'a', itens: [{}, { referencia: 'x\u0000' }] })).toEqual({
      code: 'validacao',
      campo: 'itens[1].referencia',
    });
    expect(parseBody({ nome: 'a\u0001b' }, schema)).toEqual({ nome: 'a\u0001b' });
  });
});
