import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createStockApi,
  expectError,
  getOk,
  pastInstants,
  type StockApi,
  type Tenant,
  traverse,
} from '../../../test/routes/estoque-listas/stock-api.fixture.js';

const URL = '/v1/estoque/movimentos';

describeWith(['postgres'], 'GET /v1/estoque/movimentos', () => {
  let api: StockApi;
  let empresa: Tenant;
  let outra: Tenant;
  let semCustos: string;
  const { base, at, shown } = pastInstants(1);
  let insumo: string;
  let outroInsumo: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await createStockApi();
    empresa = await api.tenant(['estoque:ler', 'custos:ler']);
    semCustos = await empresa.token2(['estoque:ler']);
    outra = await api.tenant(['estoque:ler', 'custos:ler']);
    const [deposito, fabrica] = empresa.locais.map((l) => l.id) as [string, string];
    insumo = await empresa.writer.defineItem();
    outroInsumo = await empresa.writer.defineItem();
    const w = empresa.writer;
    ids.entrada = (
      await w.move(insumo, fabrica, '12.5', {
        custo_unitario: '3.25',
        referencia: 'NF 7',
        criado_em: at(1000),
      })
    ).data.movimento_id;
    ids.perda = (
      await w.move(insumo, fabrica, -2, { motivo: 'quebra', criado_em: at(2000) })
    ).data.movimento_id;
    ids.estorno = (await w.reverse(insumo, ids.perda, at(3000))).data.movimento_id;
    ids.deposito = (
      await w.move(insumo, deposito, 4, { custo_unitario: 1, criado_em: at(3000) })
    ).data.movimento_id;
    ids.outro = (
      await w.move(outroInsumo, fabrica, 1, { tipo: 'ajuste', custo_unitario: 2, criado_em: at(3000) })
    ).data.movimento_id;
    const alheio = await outra.writer.defineItem();
    ids.alheio = (
      await outra.writer.move(alheio, outra.locais[0]!.id, 9, { custo_unitario: 9, criado_em: at(1500) })
    ).data.movimento_id;
    api.clock.set(new Date());
    await api.settled();
  });

  it('lists the ledger with every key, by criado_em then id', async () => {
    const page = await getOk(api.app, URL, empresa.token);
    const fabrica = empresa.locais[1]!.id;
    expect(page.dados[0]).toEqual({
      id: ids.entrada,
      insumo_id: insumo,
      local_id: fabrica,
      tipo: 'entrada_manual',
      quantidade: 12.5,
      unidade: 'm',
      custo_unitario: 3.25,
      referencia: 'NF 7',
      motivo: null,
      origem: 'api',
      criado_em: shown(1000),
    });
    expect(page.dados[1]).toMatchObject({
      id: ids.perda,
      tipo: 'perda',
      quantidade: -2,
      custo_unitario: 3.25,
      referencia: null,
      motivo: 'quebra',
      criado_em: shown(2000),
    });
    const tied = [ids.estorno, ids.deposito, ids.outro].sort();
    expect(page.dados.slice(2).map((r) => r.id)).toEqual(tied);
    expect(page.dados.find((r) => r.id === ids.estorno)).toMatchObject({
      tipo: 'estorno',
      quantidade: 2,
      referencia: ids.perda,
      custo_unitario: 3.25,
    });
    expect(page.dados).toHaveLength(5);
  });

  it('nulls custo_unitario without custos:ler, and changes nothing else', async () => {
    const withCosts = await getOk(api.app, URL, empresa.token);
    const without = await getOk(api.app, URL, semCustos);
    expect(without.dados).toEqual(withCosts.dados.map((r) => ({ ...r, custo_unitario: null })));
  });

  it('pages through ties exactly once at every page size', async () => {
    const all = (await getOk(api.app, URL, empresa.token)).dados;
    for (const limite of [1, 2, 4])
      expect(await traverse(api.app, `${URL}?limite=${limite}`, empresa.token)).toEqual(all);
  });

  it('filters by desde (inclusive), insumo_id, local_id and tipo, alone and together', async () => {
    const list = async (query: string) =>
      (await getOk(api.app, `${URL}?${query}`, empresa.token)).dados.map((r) => r.id);
    expect(await list(`desde=${encodeURIComponent(at(2000))}`)).toEqual([
      ids.perda,
      ...[ids.estorno, ids.deposito, ids.outro].sort(),
    ]);
    expect(await list(`insumo_id=${outroInsumo}`)).toEqual([ids.outro]);
    expect(await list(`local_id=${empresa.locais[0]!.id}`)).toEqual([ids.deposito]);
    expect(await list('tipo=estorno')).toEqual([ids.estorno]);
    expect(await list('tipo=saldo_inicial')).toEqual([]);
    expect(
      await list(
        `insumo_id=${insumo}&local_id=${empresa.locais[1]!.id}&tipo=perda&desde=${encodeURIComponent(at(1500))}`,
      ),
    ).toEqual([ids.perda]);
  });

  it('applies the stabilisation window to criado_em', async () => {
    const now = api.clock.now();
    api.clock.set(new Date(base + 2000 + 30_000));
    expect((await getOk(api.app, URL, empresa.token)).dados.map((r) => r.id)).toEqual([ids.entrada]);
    api.clock.set(now);
  });

  it("never shows another company's movements; its ids find nothing", async () => {
    const mine = await traverse(api.app, URL, empresa.token);
    expect(mine.map((r) => r.id)).not.toContain(ids.alheio);
    expect((await traverse(api.app, URL, outra.token)).map((r) => r.id)).toEqual([ids.alheio]);
    const theirs = (await getOk(api.app, URL, outra.token)).dados[0]!;
    expect((await getOk(api.app, `${URL}?insumo_id=${theirs.insumo_id}`, empresa.token)).dados).toEqual([]);
    expect((await getOk(api.app, `${URL}?local_id=${theirs.local_id}`, empresa.token)).dados).toEqual([]);
  });

  describe('errors', () => {
    const refused = (url: string, status: number, codigo: string, campo?: string) =>
      expectError(api.app, url, empresa.token, status, codigo, campo);

    it('refuses unknown, repeated, empty and malformed parameters naming them', async () => {
      await refused(
        `${URL}?atualizado_desde=2025-01-01T00:00:00Z`,
        400,
        'parametro_invalido',
        'atualizado_desde',
      );
      await refused(`${URL}?tipo=estorno&tipo=perda`, 400, 'parametro_invalido', 'tipo');
      await refused(`${URL}?tipo=`, 400, 'parametro_invalido', 'tipo');
      await refused(`${URL}?tipo=venda`, 400, 'parametro_invalido', 'tipo');
      await refused(`${URL}?limite=201`, 400, 'parametro_invalido', 'limite');
      await refused(`${URL}?local_id=123`, 400, 'parametro_invalido', 'local_id');
      await refused(`${URL}?desde=2025-01-01`, 400, 'parametro_invalido', 'desde');
      await refused(`${URL}?desde=2025-01-01T10:00:00+03:00`, 400, 'parametro_invalido', 'desde');
    });

    it('refuses a cursor of other filters or of the balances list', async () => {
      const { proximo_cursor } = await getOk(api.app, `${URL}?limite=1&tipo=ajuste`, empresa.token);
      expect(proximo_cursor).toBeNull();
      const page = await getOk(api.app, `${URL}?limite=1`, empresa.token);
      await refused(`${URL}?limite=1&tipo=perda&cursor=${page.proximo_cursor}`, 400, 'cursor_invalido');
      await refused(`/v1/estoque/saldos?cursor=${page.proximo_cursor}`, 400, 'cursor_invalido');
      expect(
        (await getOk(api.app, `${URL}?limite=1&cursor=${page.proximo_cursor}`, empresa.token)).dados,
      ).toHaveLength(1);
    });
  });
});
