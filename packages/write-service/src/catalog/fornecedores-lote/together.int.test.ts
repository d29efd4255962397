import { randomCnpj } from '@factory/tenants/testing';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogApi, lote, saved, startCatalogApi } from '../../../test/catalog/catalog-api.fixture.js';

// Suppliers of one batch are decided together unless one reads what another writes: then they
// run in body order, each seeing the earlier ones' writes, as the spec's batches do.
describeWith(['postgres', 'redis'], 'POST /v1/fornecedores/lote, items decided together', () => {
  let api: CatalogApi;
  let token: string;

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token } = await api.tenant());
  });

  it('hands a tax id over in body order: freed by an earlier item, taken by a later one', async () => {
    const [held, other] = [randomCnpj(), randomCnpj()];
    const a = await saved(api, 'fornecedores', token, { nome: 'A', cnpj: held });
    const b = await saved(api, 'fornecedores', token, { nome: 'B' });
    const results = await lote(api, 'fornecedores', token, [
      { id: a, cnpj: other },
      { id: b, cnpj: held },
    ]);
    expect(results.map((r) => [r.ok, r.erro])).toEqual([
      [true, null],
      [true, null],
    ]);
    // Matched by the tax id now: b holds it.
    expect(await saved(api, 'fornecedores', token, { cnpj: held })).toBe(b);
  });

  it('refuses a tax id taken before the item that frees it runs', async () => {
    const [held, other] = [randomCnpj(), randomCnpj()];
    const a = await saved(api, 'fornecedores', token, { nome: 'A', cnpj: held });
    const b = await saved(api, 'fornecedores', token, { nome: 'B' });
    const results = await lote(api, 'fornecedores', token, [
      { id: b, cnpj: held },
      { id: a, cnpj: other },
    ]);
    expect(results.map((r) => r.erro)).toEqual(['cnpj: já pertence a outro fornecedor', null]);
  });

  it('writes independent suppliers together, each matched afterwards by its tax id', async () => {
    const cnpjs = [randomCnpj(), randomCnpj(), randomCnpj()];
    const results = await lote(
      api,
      'fornecedores',
      token,
      cnpjs.map((cnpj, n) => ({ nome: `F${n}`, cnpj })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    for (const [n, cnpj] of cnpjs.entries())
      expect(await saved(api, 'fornecedores', token, { cnpj })).toBe(results[n]!.id);
  });
});
