import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  expectError,
  saved,
  sku,
  startCatalogApi,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'DELETE /v1/fichas/{produto_id}', () => {
  let api: CatalogApi;
  let token: string;
  const produto = () => saved(api, 'produtos', token, { sku: sku(), nome: 'Produto' });

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token } = await api.tenant());
  });

  it('deactivates the active version; 404 once there is none; a PUT then makes the next version', async () => {
    const [kit, componente] = [await produto(), await produto()];
    const linhas = [{ tipo: 'produto', componente_id: componente, consumo: 1 }];
    await api.send('PUT', `/v1/fichas/${kit}`, token, { linhas });
    await api.send('PUT', `/v1/fichas/${kit}`, token, { linhas });
    const res = await api.send('DELETE', `/v1/fichas/${kit}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ produto_id: kit, versao: 2, ativa: false });
    expect(res.headers['x-posicao-log']).toMatch(/^\d+$/);
    expectError(await api.send('DELETE', `/v1/fichas/${kit}`, token), 404, 'nao_encontrado');
    const next = await api.send('PUT', `/v1/fichas/${kit}`, token, { linhas });
    expect(next.json()).toMatchObject({ versao: 3, ativa: true });
  });

  it('answers 404 for a product without a bill, unknown, of another company or no uuid', async () => {
    const outra = await api.tenant();
    const alheio = await saved(api, 'produtos', outra.token, { sku: sku(), nome: 'Alheio' });
    for (const id of [await produto(), '00000000-0000-4000-8000-000000000000', alheio, 'abc'])
      expectError(await api.send('DELETE', `/v1/fichas/${id}`, token), 404, 'nao_encontrado');
  });
});
