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
  sortedBy,
  type Tenant,
  traverse,
} from '../../../test/routes/produtos/catalog-api.fixture.js';

const URL = '/v1/insumos';

describeWith(['postgres'], 'GET /v1/insumos and /v1/insumos/{id}', () => {
  let api: CatalogApi;
  let empresa: Tenant;
  let outra: Tenant;
  let semCustos: string;
  const { base, at, shown } = pastInstants(1000);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await createCatalogApi();
    empresa = await api.tenant(['insumos:ler', 'custos:ler']);
    semCustos = await empresa.token2(['insumos:escrever']);
    outra = await api.tenant(['insumos:ler', 'custos:ler']);
    const w = empresa.writer;
    const [deposito, fabrica] = empresa.locais.map((l) => l.id) as [string, string];
    const fornecedor = await w.fornecedor({ nome: 'Tecelagem' }, at(0));
    ids.tecido = await w.insumo(
      {
        sku: 'TEC',
        nome: 'Tecido',
        familia: 'tecidos',
        ncm: '52081100',
        minimo: '12.5',
        lead_time_dias: 7,
        fornecedor_padrao_id: fornecedor,
        custo_referencia: '11',
      },
      at(1),
    );
    // Two locations: the item's average weighs each by its balance.
    await w.mover(ids.tecido, fabrica, 10, { custo_unitario: 10, em: at(2) });
    await w.mover(ids.tecido, deposito, 30, { custo_unitario: 14, em: at(3) });
    ids.linha = await w.insumo(
      { sku: 'LIN', nome: 'Linha', familia: 'aviamentos', custo_referencia: '0.03' },
      at(1),
    );
    ids.inativo = await w.insumo({ sku: 'VELHO', nome: 'Velho', ativo: false, familia: 'tecidos' }, at(4));
    ids.excluido = await w.insumo({ sku: 'FORA', nome: 'Fora' }, at(4));
    await w.excluirInsumo(ids.excluido, at(5));
    await outra.writer.insumo({ sku: 'TEC', nome: 'Alheio' }, at(1));
    api.clock.set(new Date());
    await api.settled();
  });

  it('lists every item with every key; saldo and averages from every location; ordered; deleted hidden', async () => {
    const page = await getOk(api.app, URL, empresa.token);
    expect(page.dados).toEqual(sortedBy(page.dados, 'id'));
    expect(page.dados.map((r) => r.sku).sort()).toEqual(['LIN', 'TEC', 'VELHO']);
    expect(page.dados.find((r) => r.id === ids.tecido)).toEqual({
      id: ids.tecido,
      sku: 'TEC',
      nome: 'Tecido',
      familia: 'tecidos',
      ativo: true,
      unidade_compra: 'rolo',
      unidade_consumo: 'm',
      fator_conversao: 50,
      ncm: '52081100',
      minimo: 12.5,
      lead_time_dias: 7,
      fornecedor_padrao_id: expect.any(String),
      saldo: 40,
      custo_medio: 13, // (10 × 10 + 30 × 14) / 40
      custo_medio_bruto: 13,
      custo_referencia: 11,
      criado_em: shown(1),
      atualizado_em: shown(3), // the last movement moved the balance
      excluido_em: null,
    });
    // Never moved: no balance, no average.
    expect(page.dados.find((r) => r.id === ids.linha)).toMatchObject({
      saldo: 0,
      custo_medio: null,
      custo_referencia: 0.03,
    });
  });

  it('keeps saldo and nulls the costs without custos:ler', async () => {
    const withCosts = await getOk(api.app, URL, empresa.token);
    const without = await getOk(api.app, URL, semCustos);
    expect(without.dados).toEqual(
      withCosts.dados.map((r) => ({
        ...r,
        custo_medio: null,
        custo_medio_bruto: null,
        custo_referencia: null,
      })),
    );
    expect(without.dados.find((r) => r.id === ids.tecido)).toMatchObject({ saldo: 40 });
  });

  it('filters by sku, ativo, familia and incluir_excluidos, and pages at every size', async () => {
    const skus = async (query: string) =>
      (await getOk(api.app, `${URL}?${query}`, empresa.token)).dados.map((r) => r.sku).sort();
    expect(await skus('sku=TEC')).toEqual(['TEC']);
    expect(await skus('ativo=false')).toEqual(['VELHO']);
    expect(await skus('ativo=true')).toEqual(['LIN', 'TEC']);
    expect(await skus('familia=tecidos')).toEqual(['TEC', 'VELHO']);
    expect(await skus('familia=tecidos&ativo=true')).toEqual(['TEC']);
    expect(await skus('incluir_excluidos=true')).toEqual(['FORA', 'LIN', 'TEC', 'VELHO']);
    const all = (await getOk(api.app, `${URL}?incluir_excluidos=true`, empresa.token)).dados;
    for (const limite of [1, 3])
      expect(
        await traverse(api.app, `${URL}?incluir_excluidos=true&limite=${limite}`, empresa.token),
      ).toEqual(all);
  });

  it('reads atualizado_desde inclusively and cuts at the window', async () => {
    const page = await getOk(api.app, `${URL}?atualizado_desde=${encodeURIComponent(at(3))}`, empresa.token);
    expect(page.dados.map((r) => r.sku).sort()).toEqual(['TEC', 'VELHO']);
    const now = api.clock.now();
    api.clock.set(new Date(base + 3000 + 30_000));
    expect((await getOk(api.app, URL, empresa.token)).dados.map((r) => r.sku)).toEqual(['LIN']);
    api.clock.set(now);
  });

  it('answers one item by id, deleted ones too, with no window; 404 otherwise', async () => {
    const one = await getOk<Record<string, unknown>>(api.app, `${URL}/${ids.excluido}`, empresa.token);
    expect(one).toMatchObject({ sku: 'FORA', excluido_em: shown(5), saldo: 0 });
    expect(Object.keys(one)).toHaveLength(19);
    const alheio = (await getOk(api.app, URL, outra.token)).dados[0]!.id as string;
    const mine = await traverse(api.app, `${URL}?incluir_excluidos=true`, empresa.token);
    expect(mine.map((r) => r.id)).not.toContain(alheio);
    for (const id of [alheio, randomUUID(), 'abc'])
      await expectError(api.app, `${URL}/${id}`, empresa.token, 404, 'nao_encontrado');
    const semCusto = await getOk<Record<string, unknown>>(api.app, `${URL}/${ids.tecido}`, semCustos);
    expect(semCusto).toMatchObject({ saldo: 40, custo_medio: null });
  });

  describe('errors', () => {
    it('refuses bad parameters, bad cursors and missing scope', async () => {
      for (const [query, campo] of [
        ['ativo=1', 'ativo'],
        ['status=ativo', 'status'],
        ['tipo=kit', 'tipo'],
        ['familia=', 'familia'],
        ['limite=abc', 'limite'],
        ['incluir_excluidos=TRUE', 'incluir_excluidos'],
      ])
        await expectError(api.app, `${URL}?${query}`, empresa.token, 400, 'parametro_invalido', campo);
      await expectCursorBoundToFilters(api.app, URL, empresa.token, 'ativo=true');
      const outro = await empresa.token2(['produtos:ler']);
      await expectError(api.app, URL, outro, 403, 'escopo_insuficiente');
      await expectError(api.app, `${URL}/${ids.tecido}`, outro, 403, 'escopo_insuficiente');
    });
  });
});
