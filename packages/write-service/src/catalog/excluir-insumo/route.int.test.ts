import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  countEvents,
  expectError,
  lote,
  NOW_TEXT,
  saved,
  sku,
  startCatalogApi,
  tecido,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'DELETE /v1/insumos/{id}', () => {
  let api: CatalogApi;
  let token: string;
  let empresaId: string;
  const del = (id: string) => api.send('DELETE', `/v1/insumos/${id}`, token);

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token, empresaId } = await api.tenant());
  });

  it('deletes, answers the same again without appending, and frees the SKU', async () => {
    const item = tecido();
    const id = await saved(api, 'insumos', token, item);
    const first = await del(id);
    expect(first.json()).toEqual({ id, excluido_em: NOW_TEXT });
    expect(first.headers['x-posicao-log']).toMatch(/^\d+$/);
    const again = await del(id);
    expect(again.json()).toEqual({ id, excluido_em: NOW_TEXT });
    expect(again.headers['x-posicao-log']).toBeUndefined();
    expect(await countEvents(api.db, `estoque-${empresaId}-${id}`)).toBe(3);
    const [recreated] = await lote(api, 'insumos', token, [item]);
    expect(recreated!.id).not.toBe(id);
  });

  it('answers 404 for an unknown id, another company item or no uuid', async () => {
    const outra = await api.tenant();
    const alheio = await saved(api, 'insumos', outra.token, tecido());
    for (const id of ['00000000-0000-4000-8000-000000000000', alheio, 'abc'])
      expectError(await del(id), 404, 'nao_encontrado');
  });

  it('refuses with 409 while an active bill uses it, naming the bill', async () => {
    const insumo = await saved(api, 'insumos', token, tecido());
    const kitSku = sku('KIT');
    const kit = await saved(api, 'produtos', token, { sku: kitSku, nome: 'Kit' });
    const linhas = [{ tipo: 'insumo', insumo_id: insumo, consumo: 1 }];
    expect((await api.send('PUT', `/v1/fichas/${kit}`, token, { linhas })).statusCode).toBe(200);
    const refused = await del(insumo);
    expectError(refused, 409, 'conflito');
    expect(refused.json().erro.mensagem).toContain(`${kitSku} (produto ${kit}, versão 1)`);
  });
});
