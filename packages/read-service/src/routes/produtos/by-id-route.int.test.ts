import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  createCatalogApi,
  expectError,
  getOk,
  type Tenant,
} from '../../../test/routes/produtos/catalog-api.fixture.js';

describeWith(['postgres'], 'GET /v1/produtos/{id}', () => {
  let api: CatalogApi;
  let empresa: Tenant;
  let outra: Tenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await createCatalogApi();
    empresa = await api.tenant(['produtos:ler', 'custos:ler']);
    outra = await api.tenant(['produtos:ler']);
    ids.vivo = await empresa.writer.produto({ sku: 'VIVO', nome: 'Vivo', custo_manual: 4 });
    ids.excluido = await empresa.writer.produto({ sku: 'MORTO', nome: 'Morto' });
    await empresa.writer.excluirProduto(ids.excluido);
    ids.alheio = await outra.writer.produto({ sku: 'VIVO', nome: 'Alheio' });
    await api.settled();
  });

  it('answers the product with every key, with no stabilisation window', async () => {
    // The lists would show nothing yet: every row is younger than 30 seconds.
    expect((await getOk(api.app, '/v1/produtos', empresa.token)).dados).toEqual([]);
    const one = await getOk<Record<string, unknown>>(api.app, `/v1/produtos/${ids.vivo}`, empresa.token);
    expect(one).toMatchObject({
      id: ids.vivo,
      sku: 'VIVO',
      custo_manual: 4,
      tem_ficha: false,
      excluido_em: null,
    });
    expect(Object.keys(one)).toHaveLength(26);
    const upper = await getOk(api.app, `/v1/produtos/${ids.vivo!.toUpperCase()}`, empresa.token);
    expect(upper).toEqual(one);
  });

  it('answers a deleted product, with excluido_em', async () => {
    const one = await getOk<Record<string, unknown>>(api.app, `/v1/produtos/${ids.excluido}`, empresa.token);
    expect(one.excluido_em).toEqual(one.atualizado_em);
  });

  it('nulls the costs without custos:ler', async () => {
    const one = await getOk<Record<string, unknown>>(api.app, `/v1/produtos/${ids.alheio}`, outra.token);
    expect(one).toMatchObject({ nome: 'Alheio', custo_manual: null, custo_ficha: null });
  });

  it("answers 404 nao_encontrado for another company's id, an absent id and a non-uuid", async () => {
    for (const id of [ids.alheio, randomUUID(), 'nao-e-uuid', `${ids.vivo}x`])
      await expectError(api.app, `/v1/produtos/${id}`, empresa.token, 404, 'nao_encontrado');
  });

  it('refuses query parameters and needs produtos:ler', async () => {
    await expectError(
      api.app,
      `/v1/produtos/${ids.vivo}?limite=1`,
      empresa.token,
      400,
      'parametro_invalido',
      'limite',
    );
    const outro = await empresa.token2(['insumos:ler']);
    await expectError(api.app, `/v1/produtos/${ids.vivo}`, outro, 403, 'escopo_insuficiente');
  });
});
