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

describe('issue 13 item 5: messages', () => {
  const messageOf = (body: unknown) => {
    try {
      parseBody(body, schema);
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { campo: error.campo, mensagem: error.message };
    }
  };
  const english = /invalid|expected|received|unrecognized|required|too (big|small)/i;

  it('are Portuguese, name the rule that failed, and stay bounded however many keys are unknown', () => {
    expect(messageOf({})).toEqual({
      campo: 'nome',
      mensagem: 'Campo inválido: nome (campo obrigatório ausente).',
    });
    expect(messageOf({ nome: 1 })?.mensagem).toMatch(/^Campo inválido: nome \(.*esperava um texto/);
    const many = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`chave_${i}`, i]));
    const unknown = messageOf({ nome: 'a', ...many });
    expect(unknown).toEqual({ campo: 'chave_0', mensagem: 'Campo inválido: chave_0 (campo desconhecido).' });
    const longKey = `k${'x'.repeat(5_000)}`;
    const long = messageOf({ nome: 'a', [longKey]: 1 })!;
    expect(long.campo!.length).toBeLessThanOrEqual(120);
    expect(long.mensagem.length).toBeLessThanOrEqual(400);
    for (const body of [
      {},
      { nome: 1 },
      { nome: 'a', x: 1 },
      { nome: 'a', itens: 'x' },
      { nome: 'a', itens: [1] },
    ]) {
      expect(messageOf(body)?.mensagem).not.toMatch(english);
    }
  });
});
