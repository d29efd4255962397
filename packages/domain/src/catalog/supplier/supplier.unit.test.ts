import { describe, expect, it } from 'vitest';
import { refused } from '../../../test/catalog/product/product.fixture.js';
import type { ExcluirFornecedor, FornecedorItem, SalvarFornecedor } from './commands.js';
import { decideFornecedor, type FornecedorCommand } from './decide.js';
import type { FornecedorCadastrado, FornecedorEvent } from './events.js';
import { newFornecedor } from './record.js';
import { evolveFornecedor, initialFornecedorState } from './state.js';

const FORNECEDOR = 'fornecedor-1';
const AGORA = '2025-03-01T12:00:00.000+00:00';
const DEPOIS = '2025-03-02T09:30:00.000+00:00';

const salvar = (
  item: Partial<Record<keyof FornecedorItem, unknown>>,
  context: SalvarFornecedor['context'] = {},
): SalvarFornecedor => ({
  type: 'SalvarFornecedor',
  data: { fornecedor_id: FORNECEDOR, item: item as FornecedorItem, agora: DEPOIS },
  context,
});
const excluir: ExcluirFornecedor = {
  type: 'ExcluirFornecedor',
  data: { fornecedor_id: FORNECEDOR, agora: DEPOIS },
};
const cadastrado = (fields: Partial<FornecedorCadastrado['data']> = {}): FornecedorCadastrado => ({
  type: 'FornecedorCadastrado.v1',
  data: { fornecedor_id: FORNECEDOR, ...newFornecedor('Malharia Sul'), cadastrado_em: AGORA, ...fields },
});
const excluido: FornecedorEvent = {
  type: 'FornecedorExcluido.v1',
  data: { fornecedor_id: FORNECEDOR, excluido_em: AGORA },
};
const given = (...events: FornecedorEvent[]) => ({
  when: (command: FornecedorCommand) =>
    decideFornecedor(command, events.reduce(evolveFornecedor, initialFornecedorState())),
});

describe('saving a supplier', () => {
  it('creates it with every key, the contact fields included', () => {
    const item = {
      nome: 'Malharia Sul',
      cnpj: '11.222.333/0001-81',
      regime: 'simples',
      uf: 'SC',
      lead_time_dias: 7,
      condicao_pagamento: [30, 60],
      contato_nome: 'Ana',
      contato_telefone: '(47) 3333-4444',
      email_xml: 'nfe@malhariasul.com.br',
    };
    expect(given().when(salvar(item))).toEqual({
      ok: true,
      events: [
        {
          type: 'FornecedorCadastrado.v1',
          data: {
            fornecedor_id: FORNECEDOR,
            nome: 'Malharia Sul',
            cnpj: '11222333000181',
            cpf: null,
            regime: 'simples',
            uf: 'SC',
            lead_time_dias: 7,
            condicao_pagamento: [30, 60],
            ativo: true,
            contato_nome: 'Ana',
            contato_telefone: '(47) 3333-4444',
            email_xml: 'nfe@malhariasul.com.br',
            cadastrado_em: DEPOIS,
          },
        },
      ],
    });
  });

  it('keeps an individual CPF apart from cnpj (stored, never exposed)', () => {
    expect(given().when(salvar({ nome: 'João', cnpj: '529.982.247-25' }))).toMatchObject({
      events: [{ data: { cnpj: null, cpf: '52998224725' } }],
    });
    expect(given(cadastrado({ cpf: '52998224725' })).when(salvar({ cnpj: '11222333000181' }))).toMatchObject({
      events: [{ data: { alteracoes: { cnpj: '11222333000181', cpf: null } } }],
    });
    expect(given(cadastrado({ cpf: '52998224725' })).when(salvar({ cnpj: null }))).toMatchObject({
      events: [{ data: { alteracoes: { cpf: null } } }],
    });
  });

  it('requires nome on creation', () => {
    expect(given().when(salvar({ cnpj: '11222333000181' }))).toEqual(refused('validation', 'nome'));
  });

  const invalid: [string, unknown][] = [
    ['nome', ' '],
    ['cnpj', '11222333000182'],
    ['cnpj', '52998224726'],
    ['cnpj', '1122233300018'],
    ['cnpj', 'CNPJ 11222333000181'],
    ['regime', 'lucro_real'],
    ['uf', 'XX'],
    ['uf', 'sc'],
    ['lead_time_dias', -3],
    ['condicao_pagamento', [60, 30]],
    ['condicao_pagamento', []],
    ['ativo', 1],
    ['contato_nome', ''],
    ['contato_telefone', '123'],
    ['email_xml', 'nfe@'],
  ];
  it.each(invalid)('refuses an invalid %s (%j) naming the field', (campo, value) => {
    expect(given(cadastrado()).when(salvar({ [campo]: value }))).toEqual(refused('validation', campo));
  });

  it('refuses a tax id another supplier has', () => {
    const item = { cnpj: '11222333000181' };
    expect(given(cadastrado()).when(salvar(item, { taxIdOwner: 'fornecedor-2' }))).toEqual(
      refused('validation', 'cnpj'),
    );
    expect(given(cadastrado()).when(salvar(item, { taxIdOwner: FORNECEDOR }))).toMatchObject({ ok: true });
  });

  it('records only what changed (write-only fields too), and nothing when nothing changed', () => {
    expect(given(cadastrado()).when(salvar({ nome: 'Malharia Sul', email_xml: 'xml@sul.com' }))).toEqual({
      ok: true,
      events: [
        {
          type: 'FornecedorAlterado.v1',
          data: { fornecedor_id: FORNECEDOR, alteracoes: { email_xml: 'xml@sul.com' }, alterado_em: DEPOIS },
        },
      ],
    });
    expect(given(cadastrado()).when(salvar({ nome: 'Malharia Sul', ativo: true, uf: null }))).toEqual({
      ok: true,
      events: [],
    });
  });

  it('answers not found for an item naming an unknown or deleted supplier by id', () => {
    expect(given().when(salvar({ id: FORNECEDOR, nome: 'X' }))).toEqual(refused('not_found', 'id'));
    expect(given(cadastrado(), excluido).when(salvar({ id: FORNECEDOR, nome: 'X' }))).toEqual(
      refused('not_found', 'id'),
    );
    expect(given(cadastrado()).when(salvar({ id: FORNECEDOR, nome: 'Y' }))).toMatchObject({ ok: true });
  });
});

describe('deleting a supplier', () => {
  it('records the deletion, nothing when deleted again, not found when unknown', () => {
    expect(given(cadastrado()).when(excluir)).toEqual({
      ok: true,
      events: [{ type: 'FornecedorExcluido.v1', data: { fornecedor_id: FORNECEDOR, excluido_em: DEPOIS } }],
    });
    expect(given(cadastrado(), excluido).when(excluir)).toEqual({ ok: true, events: [] });
    expect(given().when(excluir)).toEqual(refused('not_found', 'id'));
  });
});
