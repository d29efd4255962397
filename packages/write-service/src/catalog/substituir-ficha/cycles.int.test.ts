import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  expectError,
  saved,
  sku,
  startCatalogApi,
  tecido,
} from '../../../test/catalog/catalog-api.fixture.js';

describeWith(['postgres', 'redis'], 'PUT /v1/fichas/{produto_id}: cycles', () => {
  let api: CatalogApi;
  let token: string;
  const put = (id: string, componentes: string[]) =>
    api.send('PUT', `/v1/fichas/${id}`, token, {
      linhas: componentes.map((componente_id) => ({ tipo: 'produto', componente_id, consumo: 1 })),
    });
  const produtos = (n: number) =>
    Promise.all(Array.from({ length: n }, () => saved(api, 'produtos', token, { sku: sku(), nome: 'P' })));

  beforeAll(async () => {
    api = await startCatalogApi();
    ({ token } = await api.tenant());
  });

  it('refuses a product consuming itself', async () => {
    const [a] = (await produtos(1)) as [string];
    expectError(await put(a, [a]), 422, 'validacao', 'linhas[0].componente_id');
  });

  it('refuses a cycle closed at depth 3 and more, naming the line, and allows it once broken', async () => {
    const [a, b, c, d] = (await produtos(4)) as [string, string, string, string];
    for (const [parent, child] of [
      [a, b],
      [b, c],
      [c, d],
    ] as const)
      expect((await put(parent, [child])).statusCode).toBe(200);
    const insumo = await saved(api, 'insumos', token, tecido());
    const res = await api.send('PUT', `/v1/fichas/${d}`, token, {
      linhas: [
        { tipo: 'insumo', insumo_id: insumo, consumo: 1 },
        { tipo: 'produto', componente_id: a, consumo: 1 },
      ],
    });
    expectError(res, 422, 'validacao', 'linhas[1].componente_id');
    expect(res.json().erro.mensagem).toContain('a linha faria o produto consumir a si mesmo');
    expect((await api.send('DELETE', `/v1/fichas/${b}`, token)).statusCode).toBe(200);
    expect((await put(d, [a])).statusCode).toBe(200);
  });

  it('lets only one of two concurrent PUTs that together would close a cycle commit', async () => {
    for (let round = 0; round < 8; round++) {
      const [x, y] = (await produtos(2)) as [string, string];
      const answers = await Promise.all([put(x, [y]), put(y, [x])]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    }
  });

  it('also through a longer path: A uses B; B gains C while C gains A', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b, c] = (await produtos(3)) as [string, string, string];
      expect((await put(a, [b])).statusCode).toBe(200);
      const answers = await Promise.all([put(b, [c]), put(c, [a])]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    }
  });
});
