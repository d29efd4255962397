import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COST_MARK, cost, costMaskOf } from './cost-fields.js';

const linha = z.object({ id: z.string(), custo: cost(z.number().nullable()) });
const recurso = z.object({
  id: z.string(),
  preco: cost(z.number().nullable()),
  peso: z.number().nullable(),
  linhas: z.array(linha),
  detalhe: linha.nullable(),
});

describe('costMaskOf', () => {
  it('nulls every marked field at any depth and leaves the rest as it was', () => {
    const value = {
      id: 'a',
      preco: 10,
      peso: 2,
      linhas: [
        { id: 'l1', custo: 1 },
        { id: 'l2', custo: 2 },
      ],
      detalhe: { id: 'd', custo: 3 },
    };
    costMaskOf(recurso)!(value);
    expect(value).toEqual({
      id: 'a',
      preco: null,
      peso: 2,
      linhas: [
        { id: 'l1', custo: null },
        { id: 'l2', custo: null },
      ],
      detalhe: { id: 'd', custo: null },
    });
  });

  it('follows a list envelope and leaves null branches alone', () => {
    const page = {
      dados: [{ id: 'a', preco: 1, peso: null, linhas: [], detalhe: null }],
      proximo_cursor: null,
    };
    costMaskOf(z.object({ dados: z.array(recurso), proximo_cursor: z.string().nullable() }))!(page);
    expect(page.dados[0]).toEqual({ id: 'a', preco: null, peso: null, linhas: [], detalhe: null });
  });

  it('is null for a schema without costs: nothing to do on that route', () => {
    expect(costMaskOf(z.object({ id: z.string(), itens: z.array(z.object({ n: z.number() })) }))).toBeNull();
  });

  it('puts the mark in the JSON Schema, where the OpenAPI description shows it', () => {
    const json = z.toJSONSchema(recurso, { io: 'output' }) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(json.properties.preco![COST_MARK]).toBe(true);
    expect(json.properties.peso![COST_MARK]).toBeUndefined();
  });
});
