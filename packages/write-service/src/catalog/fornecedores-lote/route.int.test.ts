import { randomCnpj } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogApi, lote, saved, startCatalogApi } from '../../../test/catalog/catalog-api.fixture.js';

const punctuated = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

describeWith(['postgres', 'redis'], 'POST /v1/fornecedores/lote', () => {
  let api: CatalogApi;
  let token: string;
  let empresaId: string;

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token, empresaId } = await api.tenant());
  });

  it('creates a supplier, then matches it by its CNPJ (punctuation ignored) or by id', async () => {
    const cnpj = randomCnpj();
    const id = await saved(api, 'fornecedores', token, { nome: 'Tecelagem', cnpj, uf: 'SC' });
    const results = await lote(api, 'fornecedores', token, [{ cnpj: punctuated(cnpj), lead_time_dias: 7 }]);
    expect(results[0]).toEqual({ indice: 0, sku: null, ok: true, id, erro: null });
    expect(await saved(api, 'fornecedores', token, { id, condicao_pagamento: [30, 60] })).toBe(id);
    const { rows } = await api.db.pool.query(
      `SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision`,
      [`fornecedor-${empresaId}-${id}`],
    );
    expect(rows.map((r) => r.type)).toEqual([
      'FornecedorCadastrado.v1',
      'FornecedorAlterado.v1',
      'FornecedorAlterado.v1',
    ]);
  });

  it('creates a new supplier for each item with neither id nor tax id', async () => {
    const results = await lote(api, 'fornecedores', token, [{ nome: 'A' }, { nome: 'A' }]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results[0]!.id).not.toBe(results[1]!.id);
  });

  it('keeps an individual (CPF) supplier and matches it by its CPF', async () => {
    const id = await saved(api, 'fornecedores', token, { nome: 'Costureira', cnpj: '529.982.247-25' });
    expect(await saved(api, 'fornecedores', token, { cnpj: '52998224725', ativo: false })).toBe(id);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['a CNPJ check digit', { cnpj: '11222333000182' }, 'cnpj: '],
    ['a CPF check digit', { cnpj: '52998224724' }, 'cnpj: '],
    ['a tax id of another length', { cnpj: '1234567890' }, 'cnpj: '],
    ['a UF', { uf: 'XX' }, 'uf: '],
    ['payment terms not ascending', { condicao_pagamento: [60, 30] }, 'condicao_pagamento: '],
    ['negative payment days', { condicao_pagamento: [-1] }, 'condicao_pagamento: '],
    ['a regime', { regime: 'lucro' }, 'regime: '],
    ['an e-mail', { email_xml: 'não é email' }, 'email_xml: '],
    ['an unknown id', { id: '00000000-0000-4000-8000-000000000000' }, 'id: fornecedor não encontrado'],
    ['an id that is no uuid', { id: 'abc' }, 'id: fornecedor não encontrado'],
    ['a missing name on creation', { nome: undefined }, 'nome: '],
  ];

  it.each(refusals)('refuses an item for %s', async (_, fields, erro) => {
    const [refused, accepted] = await lote(api, 'fornecedores', token, [
      { nome: 'Fornecedor', ...fields },
      { nome: 'Bom' },
    ]);
    expect(refused).toMatchObject({ ok: false, id: null, sku: null });
    expect(refused!.erro).toContain(erro);
    expect(accepted!.ok).toBe(true);
  });

  it('refuses the second item for the same supplier, by CNPJ or by id', async () => {
    const cnpj = randomCnpj();
    const results = await lote(api, 'fornecedores', token, [
      { nome: 'Um', cnpj },
      { nome: 'Dois', cnpj: punctuated(cnpj) },
    ]);
    expect(results.map((r) => r.erro)).toEqual([null, 'cnpj: repetido no lote (item 0)']);
    const [, byId] = await lote(api, 'fornecedores', token, [
      { cnpj, nome: 'Um' },
      { id: results[0]!.id, ativo: true },
    ]);
    expect(byId!.erro).toBe('id: repetido no lote (item 0)');
  });

  it('refuses a CNPJ another supplier of the company holds', async () => {
    const cnpj = randomCnpj();
    await saved(api, 'fornecedores', token, { nome: 'Dono', cnpj });
    const other = await saved(api, 'fornecedores', token, { nome: 'Outro' });
    const [taken] = await lote(api, 'fornecedores', token, [{ id: other, cnpj }]);
    expect(taken!.erro).toBe('cnpj: já pertence a outro fornecedor');
  });

  it('keeps companies apart: another company cannot update a supplier by id, and has its own CNPJs', async () => {
    const cnpj = randomCnpj();
    const id = await saved(api, 'fornecedores', token, { nome: 'Meu', cnpj });
    const outra = await api.tenant();
    const [byId] = await lote(api, 'fornecedores', outra.token, [{ id, nome: 'Roubado' }]);
    expect(byId!.erro).toBe('id: fornecedor não encontrado');
    const theirs = await saved(api, 'fornecedores', outra.token, { nome: 'Deles', cnpj });
    expect(theirs).not.toBe(id);
  });

  it('answers 403 without fornecedores:escrever', async () => {
    const { token: leitor } = await api.tenant(['produtos:escrever']);
    const res = await api.send('POST', '/v1/fornecedores/lote', leitor, { itens: [{ nome: 'X' }] });
    expect(res.statusCode).toBe(403);
  });
});
