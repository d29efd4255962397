import { randomUUID } from 'node:crypto';
import { randomCnpj } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CatalogApi,
  createCatalogApi,
  expectCursorBoundToFilters,
  expectError,
  getOk,
  pastInstants,
  sortedBy,
  type Tenant,
  traverse,
} from '../../../test/routes/produtos/catalog-api.fixture.js';

const URL = '/v1/fornecedores';
const CPF = '52998224725'; // a valid individual's tax id
const punctuated = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

describeWith(['postgres'], 'GET /v1/fornecedores and /v1/fornecedores/{id}', () => {
  let api: CatalogApi;
  let empresa: Tenant;
  let outra: Tenant;
  const { at, shown } = pastInstants(1000);
  const ids: Record<string, string> = {};
  const cnpj = randomCnpj();
  const cnpjAlheio = randomCnpj();

  beforeAll(async () => {
    api = await createCatalogApi();
    empresa = await api.tenant(['fornecedores:ler']);
    outra = await api.tenant(['fornecedores:ler']);
    const w = empresa.writer;
    ids.empresa = await w.fornecedor(
      {
        nome: 'Tecelagem SA',
        cnpj: punctuated(cnpj),
        regime: 'normal',
        uf: 'SC',
        lead_time_dias: 10,
        condicao_pagamento: [30, 60, 90],
        contato_nome: 'Maria',
        contato_telefone: '+5547999990000',
        email_xml: 'nfe@tecelagem.com.br',
      },
      at(1),
    );
    ids.pessoa = await w.fornecedor({ nome: 'Costureira', cnpj: CPF, ativo: false }, at(2));
    ids.excluido = await w.fornecedor({ nome: 'Antigo' }, at(2));
    await w.excluirFornecedor(ids.excluido, at(3));
    // A change of a field never shown does not move atualizado_em.
    await w.fornecedor({ id: ids.empresa, contato_nome: 'João' }, at(4));
    await outra.writer.fornecedor({ nome: 'Alheio', cnpj: cnpjAlheio }, at(1));
    api.clock.set(new Date());
    await api.settled();
  });

  it('lists every supplier with every key and nothing private, ordered; deleted hidden', async () => {
    const page = await getOk(api.app, URL, empresa.token);
    expect(page.dados).toEqual(sortedBy(page.dados, 'id'));
    expect(page.dados.find((r) => r.id === ids.empresa)).toEqual({
      id: ids.empresa,
      nome: 'Tecelagem SA',
      cnpj,
      regime: 'normal',
      uf: 'SC',
      lead_time_dias: 10,
      condicao_pagamento: [30, 60, 90],
      ativo: true,
      criado_em: shown(1),
      atualizado_em: shown(1),
      excluido_em: null,
    });
    // An individual: the tax id is never exposed.
    expect(page.dados.find((r) => r.id === ids.pessoa)).toMatchObject({
      cnpj: null,
      ativo: false,
      regime: null,
    });
    expect(JSON.stringify(page)).not.toMatch(new RegExp(`${CPF}|Maria|João|nfe@`));
    expect(page.dados).toHaveLength(2);
  });

  it('filters cnpj ignoring punctuation, 14 digits only; an individual is never found', async () => {
    const names = async (query: string) =>
      (await getOk(api.app, `${URL}?${query}`, empresa.token)).dados.map((r) => r.nome);
    expect(await names(`cnpj=${cnpj}`)).toEqual(['Tecelagem SA']);
    expect(await names(`cnpj=${encodeURIComponent(punctuated(cnpj))}`)).toEqual(['Tecelagem SA']);
    expect(await names(`cnpj=${cnpj.slice(0, 13)}`)).toEqual([]);
    expect(await names(`cnpj=${CPF}`)).toEqual([]);
    expect(await names('cnpj=529.982.247-25')).toEqual([]);
    expect(await names(`cnpj=${cnpjAlheio}`)).toEqual([]);
    expect(await names('cnpj=abc')).toEqual([]);
  });

  it('filters ativo and incluir_excluidos, reads atualizado_desde, pages at every size', async () => {
    const names = async (query: string) =>
      (await getOk(api.app, `${URL}?${query}`, empresa.token)).dados.map((r) => r.nome).sort();
    expect(await names('ativo=false')).toEqual(['Costureira']);
    expect(await names('ativo=true')).toEqual(['Tecelagem SA']);
    expect(await names('incluir_excluidos=true')).toEqual(['Antigo', 'Costureira', 'Tecelagem SA']);
    expect(await names(`incluir_excluidos=true&atualizado_desde=${encodeURIComponent(at(2))}`)).toEqual([
      'Antigo',
      'Costureira',
    ]);
    const all = (await getOk(api.app, `${URL}?incluir_excluidos=true`, empresa.token)).dados;
    expect(await traverse(api.app, `${URL}?incluir_excluidos=true&limite=1`, empresa.token)).toEqual(all);
  });

  it('answers one supplier by id, deleted ones too; 404 for others', async () => {
    const one = await getOk<Record<string, unknown>>(api.app, `${URL}/${ids.excluido}`, empresa.token);
    expect(one).toMatchObject({ nome: 'Antigo', excluido_em: shown(3), cnpj: null });
    expect(Object.keys(one)).toHaveLength(11);
    const alheio = (await getOk(api.app, URL, outra.token)).dados[0]!.id as string;
    for (const id of [alheio, randomUUID(), '123'])
      await expectError(api.app, `${URL}/${id}`, empresa.token, 404, 'nao_encontrado');
  });

  describe('errors', () => {
    it('refuses bad parameters, bad cursors and missing scope', async () => {
      for (const [query, campo] of [
        ['cnpj=', 'cnpj'],
        [`cnpj=${'1'.repeat(201)}`, 'cnpj'],
        ['ativo=sim', 'ativo'],
        ['sku=X', 'sku'],
        ['limite=500', 'limite'],
      ])
        await expectError(api.app, `${URL}?${query}`, empresa.token, 400, 'parametro_invalido', campo);
      await expectCursorBoundToFilters(api.app, URL, empresa.token, 'ativo=true');
      const outro = await empresa.token2(['produtos:ler']);
      await expectError(api.app, URL, outro, 403, 'escopo_insuficiente');
    });
  });
});
