import { randomUUID } from 'node:crypto';
import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CatalogApi,
  createCatalogApi,
  expectCursorBoundToFilters,
  expectError,
  getOk,
  pastInstants,
  type Tenant,
  traverse,
} from '../../../test/routes/produtos/catalog-api.fixture.js';

const URL = '/v1/fichas';

describeWith(['postgres'], 'GET /v1/fichas and /v1/fichas/{produto_id}', () => {
  let api: CatalogApi;
  let empresa: Tenant;
  let outra: Tenant;
  let semCustos: string;
  const { base, at, shown } = pastInstants(1000);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await createCatalogApi();
    empresa = await api.tenant(['fichas:ler', 'custos:ler']);
    semCustos = await empresa.token2(['fichas:escrever']);
    outra = await api.tenant(['fichas:ler', 'custos:ler']);
    const w = empresa.writer;
    ids.tecido = await w.insumo({ sku: 'TEC', custo_referencia: '2.5' }, at(0));
    for (const sku of ['A', 'B', 'C', 'D', 'E', 'SEM'])
      ids[sku] = await w.produto({ sku, nome: sku, custo_manual: '1.23456' }, at(0));
    await w.ficha(ids.A!, [{ insumo_id: ids.tecido, consumo: '1.5', perda_pct: '0.1' }], at(1));
    await w.ficha(
      ids.C!,
      [
        { insumo_id: ids.tecido, consumo: 1 },
        { componente_id: ids.SEM!, consumo: 3 },
      ],
      at(1),
    );
    await w.ficha(ids.B!, [{ insumo_id: ids.tecido, consumo: 2 }], at(2));
    await w.ficha(ids.B!, [{ insumo_id: ids.tecido, consumo: 3 }], at(3));
    await w.ficha(ids.D!, [{ insumo_id: ids.tecido, consumo: 1 }], at(2));
    await w.desativarFicha(ids.D!, at(4));
    await w.ficha(ids.E!, [{ insumo_id: ids.tecido, consumo: 1 }], at(2));
    await w.excluirProduto(ids.E!, at(4));
    const alheio = await outra.writer.produto({ sku: 'A', nome: 'A' }, at(0));
    const componente = await outra.writer.produto({ sku: 'X', nome: 'X' }, at(0));
    await outra.writer.ficha(alheio, [{ componente_id: componente, consumo: 1 }], at(1));
    api.clock.set(new Date());
    await api.settled();
  });

  it('lists only active bills, by version creation then version id, with every key', async () => {
    const page = await getOk(api.app, URL, empresa.token);
    const versions = await api.db.pool.query(
      'SELECT produto_id, versao_id FROM catalogo_fichas WHERE empresa_id = $1 AND produto_id = ANY($2)',
      [empresa.empresaId, [ids.A, ids.C]],
    );
    const tied = [...versions.rows]
      .sort((a, b) => (a.versao_id < b.versao_id ? -1 : 1))
      .map((r) => r.produto_id);
    expect(page.dados.map((r) => r.produto_id)).toEqual([...tied, ids.B]);
    expect(page.dados.find((r) => r.produto_id === ids.C)).toEqual({
      produto_id: ids.C,
      versao: 1,
      ativa: true,
      atualizado_em: shown(1),
      linhas: [
        {
          id: expect.any(String),
          tipo: 'insumo',
          insumo_id: ids.tecido,
          componente_id: null,
          consumo: 1,
          unidade: 'm',
          perda_pct: 0,
        },
        {
          id: expect.any(String),
          tipo: 'produto',
          insumo_id: null,
          componente_id: ids.SEM,
          consumo: 3,
          unidade: 'un',
          perda_pct: 0,
        },
      ],
      custo: 6.2037, // 2.5 + 3 × 1.23456 = 6.20368
    });
    expect(page.dados.find((r) => r.produto_id === ids.B)).toMatchObject({
      versao: 2,
      atualizado_em: shown(3),
      custo: 7.5,
    });
    expect(page.dados.find((r) => r.produto_id === ids.A)).toMatchObject({ custo: 4.125 });
  });

  it('nulls custo without custos:ler, and changes nothing else', async () => {
    const withCosts = await getOk(api.app, URL, empresa.token);
    const without = await getOk(api.app, URL, semCustos);
    expect(without.dados).toEqual(withCosts.dados.map((r) => ({ ...r, custo: null })));
  });

  it('filters by produto_id and atualizado_desde, pages at every size, cuts at the window', async () => {
    const byProduct = await getOk(api.app, `${URL}?produto_id=${ids.B}`, empresa.token);
    expect(byProduct.dados.map((r) => r.versao)).toEqual([2]);
    expect((await getOk(api.app, `${URL}?produto_id=${ids.D}`, empresa.token)).dados).toEqual([]);
    const since = await getOk(api.app, `${URL}?atualizado_desde=${encodeURIComponent(at(3))}`, empresa.token);
    expect(since.dados.map((r) => r.produto_id)).toEqual([ids.B]);
    const all = (await getOk(api.app, URL, empresa.token)).dados;
    for (const limite of [1, 2])
      expect(await traverse(api.app, `${URL}?limite=${limite}`, empresa.token)).toEqual(all);
    const now = api.clock.now();
    api.clock.set(new Date(base + 3000 + 30_000));
    expect((await getOk(api.app, URL, empresa.token)).dados).toHaveLength(2);
    api.clock.set(now);
  });

  it('answers a product active bill by produto_id; 404 without one, deleted, foreign, absent, non-uuid', async () => {
    const one = await getOk<Record<string, unknown>>(api.app, `${URL}/${ids.B}`, empresa.token);
    expect(one).toMatchObject({ produto_id: ids.B, versao: 2, ativa: true, custo: 7.5 });
    const alheio = (await getOk(api.app, URL, outra.token)).dados[0]!.produto_id as string;
    for (const id of [ids.D, ids.E, ids.SEM, alheio, randomUUID(), 'x'])
      await expectError(api.app, `${URL}/${id}`, empresa.token, 404, 'nao_encontrado');
  });

  it("follows a cost change in custo, keeping the version's atualizado_em", async () => {
    await empresa.writer.insumo({ sku: 'TEC', custo_referencia: '3' });
    await api.settled();
    const one = await getOk<Record<string, unknown>>(api.app, `${URL}/${ids.B}`, empresa.token);
    expect(one).toMatchObject({ custo: 9, atualizado_em: shown(3) });
  });

  describe('errors', () => {
    it('refuses bad parameters, bad cursors and missing scope', async () => {
      for (const [query, campo] of [
        ['produto_id=abc', 'produto_id'],
        ['incluir_excluidos=true', 'incluir_excluidos'],
        ['sku=A', 'sku'],
        ['limite=0', 'limite'],
      ])
        await expectError(api.app, `${URL}?${query}`, empresa.token, 400, 'parametro_invalido', campo);
      await expectCursorBoundToFilters(api.app, URL, empresa.token, `produto_id=${ids.A}`);
      const outro = await empresa.token2(['produtos:ler']);
      await expectError(api.app, URL, outro, 403, 'escopo_insuficiente');
      await expectError(api.app, `${URL}/${ids.A}`, outro, 403, 'escopo_insuficiente');
    });
  });
});
