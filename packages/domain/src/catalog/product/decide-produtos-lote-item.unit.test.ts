import { describe, expect, it } from 'vitest';
import {
  AGORA,
  cadastrado,
  DEPOIS,
  fold,
  given,
  PRODUTO,
  refused,
  salvar,
} from '../../../test/catalog/product/product.fixture.js';

describe('saving a product', () => {
  it('creates it with every key, the absent ones at their defaults', () => {
    expect(
      given().when(salvar({ nome: ' Camiseta ', custo_manual: 12.5, apelidos: ['ML-9', 'AMZ-1'] })),
    ).toEqual({
      ok: true,
      events: [
        {
          type: 'ProdutoCadastrado.v1',
          data: {
            produto_id: PRODUTO,
            sku: 'CAM-01',
            nome: 'Camiseta',
            familia: null,
            atributos: {},
            ean: null,
            ncm: null,
            status: 'ativo',
            tipo: 'produto',
            apelidos: ['AMZ-1', 'ML-9'],
            peso_kg: null,
            peso_cubado_kg: null,
            largura_cm: null,
            altura_cm: null,
            comprimento_cm: null,
            ipi_pct: null,
            icms_pct: null,
            importado: false,
            custo_manual: '12.5',
            variacao: null,
            cadastrado_em: DEPOIS,
          },
        },
      ],
    });
  });

  it('requires nome on creation only', () => {
    expect(given().when(salvar({ familia: 'Verão' }))).toEqual(refused('validation', 'nome'));
    expect(given(cadastrado()).when(salvar({ familia: 'Verão' }))).toMatchObject({ ok: true });
  });

  const invalid: [string, unknown][] = [
    ['sku', 'CAM 01'],
    ['nome', ''],
    ['nome', null],
    ['familia', '  '],
    ['atributos', { cor: { nome: 'azul' } }],
    ['atributos', null],
    ['ean', '4006381333932'],
    ['ncm', '6109.10.00'],
    ['status', 'pausado'],
    ['status', null],
    ['tipo', 'servico'],
    ['apelidos', 'ML-9'],
    ['peso_kg', -1],
    ['peso_cubado_kg', 'pesado'],
    ['largura_cm', -0.5],
    ['altura_cm', -2],
    ['comprimento_cm', -3],
    ['ipi_pct', 1.5],
    ['icms_pct', -0.01],
    ['importado', 'sim'],
    ['custo_manual', -1],
    ['variacao', 'CAM'],
  ];
  it.each(invalid)('refuses an invalid %s (%j) naming the field', (campo, value) => {
    expect(given(cadastrado()).when(salvar({ [campo]: value }))).toEqual(refused('validation', campo));
  });

  it('refuses custo_manual, even null, to a token without custos:ler', () => {
    for (const custo_manual of [10, null]) {
      expect(given(cadastrado()).when(salvar({ custo_manual }, { canReadCosts: false }))).toEqual(
        refused('validation', 'custo_manual'),
      );
    }
    expect(given(cadastrado()).when(salvar({ nome: 'Outra' }, { canReadCosts: false }))).toMatchObject({
      ok: true,
    });
  });

  it('records only the changed fields; absent keys keep their values', () => {
    const before = cadastrado({ familia: 'Verão', ean: '7891000315507', peso_kg: '0.2' });
    const decision = given(before).when(salvar({ nome: 'Camiseta lisa', peso_kg: 0.25 }));
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          type: 'ProdutoAlterado.v1',
          data: {
            produto_id: PRODUTO,
            sku: 'CAM-01',
            alteracoes: { nome: 'Camiseta lisa', peso_kg: '0.25' },
            alterado_em: DEPOIS,
          },
        },
      ],
    });
    const after = fold([before, ...(decision.ok ? decision.events : [])]);
    expect(after.produto).toMatchObject({ nome: 'Camiseta lisa', familia: 'Verão', ean: '7891000315507' });
  });

  it('clears a nullable field sent as null', () => {
    expect(
      given(cadastrado({ ean: '7891000315507' })).when(salvar({ ean: null, familia: null })),
    ).toMatchObject({
      ok: true,
      events: [{ type: 'ProdutoAlterado.v1', data: { alteracoes: { ean: null } } }],
    });
  });

  it('appends nothing when no field changes, whatever the spelling of equal values', () => {
    const before = cadastrado({
      peso_kg: '1.5',
      ipi_pct: '0.1',
      apelidos: ['AMZ-1', 'ML-9'],
      atributos: { cor: 'azul', tamanho: 42 },
    });
    const same = salvar({
      nome: 'Camiseta',
      peso_kg: '1.50',
      ipi_pct: 0.1,
      apelidos: ['ML-9', 'AMZ-1', 'ML-9'],
      atributos: { tamanho: 42, cor: 'azul' },
      status: 'ativo',
    });
    expect(given(before).when(same)).toEqual({ ok: true, events: [] });
  });

  it('keeps the SKU it was matched by', () => {
    expect(given(cadastrado()).when(salvar({ sku: 'CAM-02' }))).toEqual(refused('validation', 'sku'));
  });

  it('refuses to save into a deleted product (the caller matches non-deleted ones only)', () => {
    const deleted = {
      type: 'ProdutoExcluido.v1' as const,
      data: { produto_id: PRODUTO, sku: 'CAM-01', excluido_em: AGORA },
    };
    expect(given(cadastrado(), deleted).when(salvar({ nome: 'X' }))).toEqual(refused('conflict'));
  });

  it('refuses an alias that belongs to another product; one of its own is fine', () => {
    const aliasOwners = new Map([
      ['ML-9', 'outro-produto'],
      ['AMZ-1', PRODUTO],
    ]);
    expect(given(cadastrado()).when(salvar({ apelidos: ['AMZ-1', 'ML-9'] }, { aliasOwners }))).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        campo: 'apelidos',
        mensagem: 'o apelido ML-9 já pertence a outro produto',
      },
    });
    expect(given(cadastrado()).when(salvar({ apelidos: ['AMZ-1', 'NOVO'] }, { aliasOwners }))).toMatchObject({
      ok: true,
      events: [{ data: { alteracoes: { apelidos: ['AMZ-1', 'NOVO'] } } }],
    });
  });
});
