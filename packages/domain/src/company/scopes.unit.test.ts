import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, grants, isScope } from './scopes.js';

describe('scopes', () => {
  it('lists exactly the scopes of the specification', () => {
    expect([...ALL_SCOPES].sort()).toEqual(
      [
        ...['produtos', 'insumos', 'fornecedores', 'fichas', 'estoque', 'compras', 'producao'].flatMap(
          (r) => [`${r}:ler`, `${r}:escrever`],
        ),
        'pedidos:ler',
        'notas:ler',
        'custos:ler',
      ].sort(),
    );
  });

  it('recognises only those scopes', () => {
    expect(isScope('produtos:ler')).toBe(true);
    expect(isScope('pedidos:escrever')).toBe(false);
    expect(isScope('custos:escrever')).toBe(false);
    expect(isScope('qualquer')).toBe(false);
    expect(isScope('Produtos:ler')).toBe(false);
  });
});

describe('grants', () => {
  it('grants a scope the token holds', () => {
    expect(grants(['insumos:ler'], 'insumos:ler')).toBe(true);
  });

  it('lets :escrever include :ler of the same resource only', () => {
    expect(grants(['estoque:escrever'], 'estoque:ler')).toBe(true);
    expect(grants(['estoque:escrever'], 'insumos:ler')).toBe(false);
  });

  it('never lets :ler grant :escrever', () => {
    expect(grants(['produtos:ler'], 'produtos:escrever')).toBe(false);
  });

  it('keeps custos:ler separate', () => {
    expect(
      grants(
        ALL_SCOPES.filter((s) => s !== 'custos:ler'),
        'custos:ler',
      ),
    ).toBe(false);
  });

  it('grants qualquer to every token, even one without scopes', () => {
    expect(grants([], 'qualquer')).toBe(true);
  });
});
