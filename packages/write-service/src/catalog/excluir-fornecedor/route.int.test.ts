import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  expectError,
  NOW_TEXT,
  saved,
  startCatalogApi,
  tecido,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'DELETE /v1/fornecedores/{id}', () => {
  let api: CatalogApi;
  let token: string;
  const del = (id: string) => api.send('DELETE', `/v1/fornecedores/${id}`, token);

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token } = await api.tenant());
  });

  it('deletes a supplier even when a supply item names it, and answers the same again', async () => {
    const id = await saved(api, 'fornecedores', token, { nome: 'Tecelagem' });
    await saved(api, 'insumos', token, tecido({ fornecedor_padrao_id: id }));
    const first = await del(id);
    expect(first.json()).toEqual({ id, excluido_em: NOW_TEXT });
    const again = await del(id);
    expect(again.json()).toEqual({ id, excluido_em: NOW_TEXT });
    expect(again.headers['x-posicao-log']).toBeUndefined();
  });

  it('answers 404 for an unknown id, another company supplier or no uuid', async () => {
    const outra = await api.tenant();
    const alheio = await saved(api, 'fornecedores', outra.token, { nome: 'Alheio' });
    for (const id of ['00000000-0000-4000-8000-000000000000', alheio, 'abc'])
      expectError(await del(id), 404, 'nao_encontrado');
  });
});
