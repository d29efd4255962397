import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  createCatalogApi,
  getOk,
  pastInstants,
  sortedBy,
  type Tenant,
  traverse,
} from '../../../test/routes/produtos/catalog-api.fixture.js';

const URL = '/v1/produtos';
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

describeWith(['postgres'], 'GET /v1/produtos', () => {
  let api: CatalogApi;
  let empresa: Tenant;
  let outra: Tenant;
  let semCustos: string;
  const { base, at, shown } = pastInstants(1000);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await createCatalogApi();
    empresa = await api.tenant(['produtos:ler', 'insumos:ler', 'custos:ler']);
    semCustos = await empresa.token2(['produtos:escrever']);
    outra = await api.tenant(['produtos:ler', 'custos:ler']);
    const w = empresa.writer;
    const tecido = await w.insumo({ sku: 'TEC', custo_referencia: '2.5' }, at(0));
    ids.camisa = await w.produto(
      {
        sku: 'CAM-P',
        nome: 'Camiseta P',
        familia: 'camisetas',
        atributos: { cor: 'azul', tamanho: 'P' },
        ean: '7891234567895',
        ncm: '61091000',
        apelidos: ['ml-99', 'amz-1'],
        peso_kg: '0.25',
        peso_cubado_kg: '0.3',
        largura_cm: 20,
        altura_cm: '2.5',
        comprimento_cm: 30,
        ipi_pct: '0.05',
        icms_pct: '0.18',
        importado: true,
        custo_manual: '7.5',
        variacao: { base_sku: 'CAM-P', eixos: ['cor', 'tamanho'] },
      },
      at(1),
    );
    ids.membro = await w.produto(
      {
        sku: 'CAM-M',
        nome: 'Camiseta M',
        familia: 'camisetas',
        variacao: { base_sku: 'CAM-P', eixos: ['tamanho', 'cor'] },
      },
      at(1),
    );
    await w.ficha(ids.camisa, [{ insumo_id: tecido, consumo: '1.2', perda_pct: '0.1' }], at(2));
    ids.kit = await w.produto({ sku: 'KIT-1', nome: 'Kit', tipo: 'kit', status: 'inativo' }, at(3));
    ids.excluido = await w.produto({ sku: 'VELHO', nome: 'Velho', familia: 'camisetas' }, at(3));
    await w.excluirProduto(ids.excluido, at(4));
    await outra.writer.produto({ sku: 'CAM-P', nome: 'Alheio' }, at(1));
    api.clock.set(new Date());
    await api.settled();
  });

  it('lists every product with every key, ordered by atualizado_em then id, deleted ones hidden', async () => {
    const page = await getOk(api.app, URL, empresa.token);
    expect(page.proximo_cursor).toBeNull();
    expect(page.dados).toEqual(sortedBy(page.dados, 'id'));
    expect(page.dados.map((r) => r.sku).sort()).toEqual(['CAM-M', 'CAM-P', 'KIT-1']);
    expect(page.dados.find((r) => r.id === ids.camisa)).toEqual({
      id: ids.camisa,
      sku: 'CAM-P',
      nome: 'Camiseta P',
      familia: 'camisetas',
      atributos: { cor: 'azul', tamanho: 'P' },
      ean: '7891234567895',
      ncm: '61091000',
      status: 'ativo',
      tipo: 'produto',
      apelidos: ['amz-1', 'ml-99'],
      tem_ficha: true,
      peso_kg: 0.25,
      peso_cubado_kg: 0.3,
      largura_cm: 20,
      altura_cm: 2.5,
      comprimento_cm: 30,
      ipi_pct: 0.05,
      icms_pct: 0.18,
      importado: true,
      variacao: { grupo_id: ids.camisa, base: true, eixos: ['cor', 'tamanho'] },
      custo_ficha: 3.3, // 1.2 × 1.1 × 2.5
      custo_ficha_bruto: 3.3,
      custo_manual: 7.5,
      criado_em: shown(1),
      atualizado_em: shown(2),
      excluido_em: null,
    });
    expect(page.dados.find((r) => r.id === ids.membro)).toMatchObject({
      variacao: { grupo_id: ids.camisa, base: false, eixos: ['cor', 'tamanho'] },
      tem_ficha: false,
      custo_ficha: null,
      custo_manual: null,
      atributos: {},
      apelidos: [],
    });
    for (const row of page.dados) expect(row.atualizado_em).toMatch(INSTANT);
  });

  it('shows deleted products with excluido_em when incluir_excluidos=true', async () => {
    const all = await getOk(api.app, `${URL}?incluir_excluidos=true`, empresa.token);
    expect(all.dados).toHaveLength(4);
    expect(all.dados.find((r) => r.id === ids.excluido)).toMatchObject({
      excluido_em: shown(4),
      atualizado_em: shown(4),
    });
    const hidden = await getOk(api.app, `${URL}?incluir_excluidos=false`, empresa.token);
    expect(hidden.dados).toHaveLength(3);
  });

  it('nulls custo_ficha, custo_ficha_bruto and custo_manual without custos:ler, and changes nothing else', async () => {
    const withCosts = await getOk(api.app, URL, empresa.token);
    const without = await getOk(api.app, URL, semCustos);
    expect(without.dados).toEqual(
      withCosts.dados.map((r) => ({ ...r, custo_ficha: null, custo_ficha_bruto: null, custo_manual: null })),
    );
  });

  it('pages with a cursor carrying the whole keyset, at every page size', async () => {
    const all = (await getOk(api.app, `${URL}?incluir_excluidos=true`, empresa.token)).dados;
    for (const limite of [1, 2, 3])
      expect(
        await traverse(api.app, `${URL}?incluir_excluidos=true&limite=${limite}`, empresa.token),
      ).toEqual(all);
  });

  it('filters by sku, status, familia and tipo, exactly', async () => {
    const skus = async (query: string) =>
      (await getOk(api.app, `${URL}?${query}`, empresa.token)).dados.map((r) => r.sku).sort();
    expect(await skus('sku=CAM-P')).toEqual(['CAM-P']);
    expect(await skus('sku=cam-p')).toEqual([]);
    expect(await skus('sku=VELHO')).toEqual([]);
    expect(await skus('sku=VELHO&incluir_excluidos=true')).toEqual(['VELHO']);
    expect(await skus('status=inativo')).toEqual(['KIT-1']);
    expect(await skus('status=ativo')).toEqual(['CAM-M', 'CAM-P']);
    expect(await skus('familia=camisetas')).toEqual(['CAM-M', 'CAM-P']);
    expect(await skus('familia=camiseta')).toEqual([]);
    expect(await skus('tipo=kit')).toEqual(['KIT-1']);
    expect(await skus('tipo=produto&familia=camisetas&status=ativo')).toEqual(['CAM-M', 'CAM-P']);
  });

  it('reads atualizado_desde inclusively, in any offset', async () => {
    const local = new Date(base + 3000 - 3 * 3600_000).toISOString().replace('Z', '-03:00');
    for (const value of [at(3), local]) {
      const page = await getOk(
        api.app,
        `${URL}?atualizado_desde=${encodeURIComponent(value)}`,
        empresa.token,
      );
      expect(page.dados.map((r) => r.sku)).toEqual(['KIT-1']);
    }
  });

  it('shows only rows strictly older than min(now, watermark) - window', async () => {
    const now = api.clock.now();
    api.clock.set(new Date(base + 3000 + 30_000));
    expect((await getOk(api.app, URL, empresa.token)).dados.map((r) => r.sku).sort()).toEqual([
      'CAM-M',
      'CAM-P',
    ]);
    api.clock.set(new Date(base + 3001 + 30_000));
    expect((await getOk(api.app, URL, empresa.token)).dados).toHaveLength(3);
    api.clock.set(now);
  });

  it("never shows another company's products", async () => {
    const theirs = await traverse(api.app, URL, outra.token);
    expect(theirs.map((r) => r.nome)).toEqual(['Alheio']);
    const mine = await traverse(api.app, `${URL}?sku=CAM-P`, empresa.token);
    expect(mine.map((r) => r.id)).toEqual([ids.camisa]);
  });

  it('is described in the OpenAPI document with its scope', async () => {
    const paths = (await api.app.inject({ url: '/v1/openapi.json' })).json().paths;
    expect(paths['/v1/produtos'].get['x-svc-escopo']).toBe('produtos:ler');
  });
});
