import { randomUUID } from 'node:crypto';
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

const URL = '/v1/estoque/saldos';
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

describeWith(['postgres'], 'GET /v1/estoque/saldos', () => {
  let api: StockApi;
  let empresa: Tenant;
  let outra: Tenant;
  let semCustos: string;
  const { base, at } = pastInstants(1);
  const items: string[] = [];

  beforeAll(async () => {
    api = await createStockApi();
    empresa = await api.tenant(['estoque:ler', 'custos:ler']);
    semCustos = await empresa.token2(['estoque:escrever']);
    outra = await api.tenant(['estoque:ler', 'custos:ler']);
    const [deposito, fabrica] = empresa.locais.map((l) => l.id) as [string, string];
    for (let i = 0; i < 3; i++) items.push(await empresa.writer.defineItem());
    // Three rows share one instant, so the tie-break (insumo_id, local_id) decides.
    await empresa.writer.move(items[0]!, fabrica, 3, { custo_unitario: '1.111', criado_em: at(1000) });
    await empresa.writer.move(items[0]!, deposito, 5, { custo_unitario: 2, criado_em: at(1000) });
    await empresa.writer.move(items[1]!, fabrica, 7, { custo_unitario: 3, criado_em: at(1000) });
    await empresa.writer.move(items[2]!, fabrica, 1, { custo_unitario: 4, criado_em: at(2000) });
    await empresa.writer.move(items[2]!, fabrica, -1, { criado_em: at(3000) });
    const alheio = await outra.writer.defineItem();
    await outra.writer.move(alheio, outra.locais[0]!.id, 9, { custo_unitario: 9, criado_em: at(1500) });
    api.clock.set(new Date());
    await api.settled();
  });

  it('lists every balance with every key, ordered by atualizado_em, insumo_id, local_id', async () => {
    const page = await getOk(api.app, URL, empresa.token);
    expect(page.proximo_cursor).toBeNull();
    const keys = page.dados.map((r) => [r.atualizado_em, r.insumo_id, r.local_id] as string[]);
    expect(keys).toEqual([...keys].sort((a, b) => (a.join('|') < b.join('|') ? -1 : 1)));
    expect(page.dados).toHaveLength(4);
    const first = page.dados.find((r) => r.insumo_id === items[0] && r.local_id === empresa.locais[1]!.id);
    expect(first).toEqual({
      insumo_id: items[0],
      local_id: empresa.locais[1]!.id,
      saldo: 3,
      unidade: 'm',
      custo_medio: 1.111,
      valor: 3.33,
      atualizado_em: new Date(at(1000)).toISOString().replace('Z', '+00:00'),
    });
    for (const row of page.dados) expect(row.atualizado_em).toMatch(INSTANT);
  });

  it('keeps a balance that reached zero', async () => {
    const page = await getOk(api.app, `${URL}?insumo_id=${items[2]}`, empresa.token);
    expect(page.dados).toMatchObject([{ saldo: 0, custo_medio: 4, valor: 0 }]);
  });

  it('nulls custo_medio and valor without custos:ler, and changes nothing else', async () => {
    const withCosts = await getOk(api.app, URL, empresa.token);
    const without = await getOk(api.app, URL, semCustos);
    expect(without.dados).toEqual(withCosts.dados.map((r) => ({ ...r, custo_medio: null, valor: null })));
  });

  it('pages with a cursor carrying the whole keyset, at every page size', async () => {
    const all = (await getOk(api.app, URL, empresa.token)).dados;
    for (const limite of [1, 2, 3])
      expect(await traverse(api.app, `${URL}?limite=${limite}`, empresa.token)).toEqual(all);
  });

  it('filters by insumo_id and local_id, accepting upper-case uuids', async () => {
    const byItem = await getOk(api.app, `${URL}?insumo_id=${items[0]!.toUpperCase()}`, empresa.token);
    expect(byItem.dados.map((r) => r.insumo_id)).toEqual([items[0], items[0]]);
    const fabrica = empresa.locais[1]!.id;
    const byLocal = await getOk(api.app, `${URL}?local_id=${fabrica}&insumo_id=${items[0]}`, empresa.token);
    expect(byLocal.dados).toMatchObject([{ insumo_id: items[0], local_id: fabrica }]);
  });

  it('reads atualizado_desde inclusively, in any offset', async () => {
    const desde = new Date(base + 2000);
    const local = new Date(desde.getTime() - 3 * 3600_000).toISOString().replace('Z', '-03:00');
    for (const value of [desde.toISOString(), local.replace('.000', '')]) {
      const page = await getOk(
        api.app,
        `${URL}?atualizado_desde=${encodeURIComponent(value)}`,
        empresa.token,
      );
      expect(page.dados.map((r) => r.insumo_id)).toEqual([items[2]]);
    }
  });

  it('shows only rows strictly older than min(now, watermark) - window', async () => {
    const now = api.clock.now();
    api.clock.set(new Date(base + 3000 + 30_000));
    expect((await getOk(api.app, URL, empresa.token)).dados).toHaveLength(3);
    api.clock.set(new Date(base + 3001 + 30_000));
    expect((await getOk(api.app, URL, empresa.token)).dados).toHaveLength(4);
    api.clock.set(now);
  });

  it("never shows another company's rows; its ids find nothing", async () => {
    const mine = await traverse(api.app, URL, empresa.token);
    const theirs = await traverse(api.app, URL, outra.token);
    expect(theirs).toHaveLength(1);
    expect(mine.map((r) => r.insumo_id)).not.toContain(theirs[0]!.insumo_id);
    const probe = await getOk(api.app, `${URL}?insumo_id=${theirs[0]!.insumo_id}`, empresa.token);
    expect(probe.dados).toEqual([]);
    const byLocal = await getOk(api.app, `${URL}?local_id=${outra.locais[0]!.id}`, empresa.token);
    expect(byLocal.dados).toEqual([]);
  });

  it('is described in the OpenAPI document with its scope, as is the movements list', async () => {
    const res = await api.app.inject({ url: '/v1/openapi.json' });
    const paths = res.json().paths;
    expect(paths['/v1/estoque/saldos'].get['x-svc-escopo']).toBe('estoque:ler');
    expect(paths['/v1/estoque/movimentos'].get['x-svc-escopo']).toBe('estoque:ler');
  });

  describe('errors', () => {
    const refused = (url: string, status: number, codigo: string, campo?: string) =>
      expectError(api.app, url, empresa.token, status, codigo, campo);

    it('refuses unknown, repeated, empty and malformed parameters naming them', async () => {
      await refused(`${URL}?desde=2025-01-01T00:00:00Z`, 400, 'parametro_invalido', 'desde');
      await refused(`${URL}?limite=1&limite=2`, 400, 'parametro_invalido', 'limite');
      await refused(`${URL}?insumo_id=`, 400, 'parametro_invalido', 'insumo_id');
      for (const limite of ['0', '201', 'abc', '-1', '1.5'])
        await refused(`${URL}?limite=${limite}`, 400, 'parametro_invalido', 'limite');
      await refused(`${URL}?insumo_id=nao-e-uuid`, 400, 'parametro_invalido', 'insumo_id');
      await refused(`${URL}?local_id=${randomUUID()}x`, 400, 'parametro_invalido', 'local_id');
      for (const instant of [
        '2025-01-01T00:00:00',
        '2025-02-30T00:00:00Z',
        'ontem',
        '2025-01-01T00:00:00+03:00',
      ])
        await refused(`${URL}?atualizado_desde=${instant}`, 400, 'parametro_invalido', 'atualizado_desde');
    });

    it('answers far offsets and far instants without an error', async () => {
      for (const instant of ['2025-01-01T00:00:00%2B18:00', '9999-12-31T23:59:59-18:00']) {
        const page = await getOk(api.app, `${URL}?atualizado_desde=${instant}`, empresa.token);
        expect(Array.isArray(page.dados)).toBe(true);
      }
    });

    it('refuses tampered cursors, cursors of other lists and of other filters', async () => {
      const { proximo_cursor } = await getOk(api.app, `${URL}?limite=1&insumo_id=${items[0]}`, empresa.token);
      expect(proximo_cursor).toMatch(/^[A-Za-z0-9_-]{1,400}$/);
      const tampered = `${proximo_cursor!.slice(0, 10)}${proximo_cursor![10] === 'A' ? 'B' : 'A'}${proximo_cursor!.slice(11)}`;
      await refused(`${URL}?insumo_id=${items[0]}&cursor=${tampered}`, 400, 'cursor_invalido');
      await refused(`${URL}?cursor=${proximo_cursor}`, 400, 'cursor_invalido');
      await refused(
        `/v1/estoque/movimentos?insumo_id=${items[0]}&cursor=${proximo_cursor}`,
        400,
        'cursor_invalido',
      );
      await refused(`${URL}?cursor=${'x'.repeat(401)}`, 400, 'cursor_invalido');
    });

    it('needs estoque:ler (estoque:escrever includes it)', async () => {
      const outro = await empresa.token2(['produtos:ler', 'custos:ler']);
      await expectError(api.app, URL, outro, 403, 'escopo_insuficiente');
      await expectError(api.app, URL, null, 401, 'token_ausente');
    });
  });
});
