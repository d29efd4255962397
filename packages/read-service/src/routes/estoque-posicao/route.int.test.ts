import { randomUUID } from 'node:crypto';
import { productionDay } from '@factory/domain';
import { describeWith } from '@factory/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createStockApi,
  expectError,
  getOk,
  pastInstants,
  type Row,
  type StockApi,
  type Tenant,
  traverse,
} from '../../../test/routes/estoque-listas/stock-api.fixture.js';

const URL = '/v1/estoque/posicao';
type Position = { em: string; dados: Row[]; proximo_cursor: string | null };

/** A seeded generator, so a failing history can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describeWith(['postgres'], 'GET /v1/estoque/posicao', () => {
  let api: StockApi;
  let empresa: Tenant;
  let semCustos: string;
  const { at } = pastInstants(1000);
  /** The ledger as written, in log order: what the independent fold reads. */
  const ledger: Array<{
    insumo_id: string;
    local_id: string;
    quantidade: number;
    custo: number;
    criado_em: string;
  }> = [];
  const items: string[] = [];

  beforeAll(async () => {
    api = await createStockApi();
    empresa = await api.tenant(['estoque:ler', 'custos:ler']);
    semCustos = await empresa.token2(['estoque:ler']);
    const locais = empresa.locais.map((l) => l.id);
    for (let i = 0; i < 3; i++) items.push(await empresa.writer.defineItem());
    const next = random(11);
    // 80 movements, one to three per instant, entries with a cost and outflows: a random history.
    let instant = 0;
    for (let k = 0; k < 80; k++) {
      if (next() < 0.6) instant += 1 + Math.floor(next() * 5);
      const insumo_id = items[Math.floor(next() * items.length)]!;
      const local_id = locais[Math.floor(next() * locais.length)]!;
      const entry = next() < 0.6;
      const quantidade = entry ? 1 + Math.floor(next() * 20) : -(1 + Math.floor(next() * 8));
      const custo = 1 + Math.floor(next() * 900) / 100;
      const criado_em = at(instant);
      await empresa.writer.move(insumo_id, local_id, quantidade, {
        custo_unitario: entry ? custo : null,
        criado_em,
      });
      ledger.push({ insumo_id, local_id, quantidade, custo, criado_em });
    }
    const outra = await api.tenant(['estoque:ler']);
    await outra.writer.move(await outra.writer.defineItem(), outra.locais[0]!.id, 5, { criado_em: at(1) });
    api.clock.set(new Date());
    await api.settled();
  });

  /**
   * The running fold of the ledger up to `instant`, computed apart from the service: the sum of
   * each pair's quantities and the average cost by the specification's rule.
   */
  function foldUpTo(instant: string) {
    const pairs = new Map<string, { saldo: number; custo_medio: number; ultimo: string }>();
    for (const m of ledger) {
      if (Date.parse(m.criado_em) > Date.parse(instant)) continue;
      const key = `${m.insumo_id}|${m.local_id}`;
      // A location never entered values an outflow at the item's reference cost (2.5 here).
      const p = pairs.get(key) ?? { saldo: 0, custo_medio: 2.5, ultimo: m.criado_em };
      const saldo = p.saldo + m.quantidade;
      const custo_medio =
        m.quantidade < 0
          ? p.custo_medio
          : p.saldo > 0 && saldo > 0
            ? (p.saldo * p.custo_medio + m.quantidade * m.custo) / saldo
            : m.custo;
      pairs.set(key, { saldo, custo_medio, ultimo: m.criado_em });
    }
    return [...pairs.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, p]) => {
        const [insumo_id, local_id] = key.split('|');
        return { insumo_id, local_id, ...p };
      });
  }

  it('at each movement instant, equals the running fold of the ledger up to it (every page size)', async () => {
    const instants = [...new Set(ledger.map((m) => m.criado_em))];
    for (const [n, instant] of instants.entries()) {
      const limite = 1 + (n % 4);
      const url = `${URL}?em=${instant}&limite=${limite}`;
      const rows = await traverse(api.app, url, empresa.token);
      const expected = foldUpTo(instant);
      expect(rows.map((r) => [r.insumo_id, r.local_id, r.saldo, r.ultimo_movimento_em])).toEqual(
        expected.map((p) => [p.insumo_id, p.local_id, p.saldo, p.ultimo.replace('Z', '+00:00')]),
      );
      rows.forEach((row, i) => {
        expect(row.custo_medio as number).toBeCloseTo(expected[i]!.custo_medio, 8);
        expect(row.valor).toBe(Math.round((row.saldo as number) * (row.custo_medio as number) * 100) / 100);
        expect(row.unidade).toBe('m');
      });
    }
  });

  it('answers the instant it used, and leaves out pairs with no movement by then', async () => {
    const before = new Date(Date.parse(ledger[0]!.criado_em) - 1).toISOString();
    const page = await getOk<Position>(api.app, `${URL}?em=${before}`, empresa.token);
    expect(page).toEqual({ em: before.replace('Z', '000+00:00'), dados: [], proximo_cursor: null });
  });

  it('takes now, cut by the stabilisation window, without em or dia; em later than the cut is cut', async () => {
    const cut = api.clock.now().getTime() - 30_000;
    const now = await getOk<Position>(api.app, URL, empresa.token);
    expect(Date.parse(now.em)).toBe(cut);
    expect(now.dados.map((r) => r.saldo)).toEqual(foldUpTo(new Date(cut).toISOString()).map((p) => p.saldo));
    const late = new Date(cut + 10_000).toISOString();
    expect(Date.parse((await getOk<Position>(api.app, `${URL}?em=${late}`, empresa.token)).em)).toBe(cut);
  });

  it('keeps the first page instant on every cursor page', async () => {
    let page = await getOk<Position>(api.app, `${URL}?limite=1`, empresa.token);
    const em = page.em;
    api.clock.advance(5_000);
    try {
      while (page.proximo_cursor) {
        page = await getOk<Position>(api.app, `${URL}?limite=1&cursor=${page.proximo_cursor}`, empresa.token);
        expect(page.em).toBe(em);
      }
    } finally {
      api.clock.advance(-5_000);
    }
  });

  it('filters by insumo_id and local_id', async () => {
    const [insumo] = items;
    const local = empresa.locais[0]!.id;
    const all = await traverse(api.app, URL, empresa.token);
    expect(await traverse(api.app, `${URL}?insumo_id=${insumo}`, empresa.token)).toEqual(
      all.filter((r) => r.insumo_id === insumo),
    );
    expect(await traverse(api.app, `${URL}?local_id=${local.toUpperCase()}&limite=1`, empresa.token)).toEqual(
      all.filter((r) => r.local_id === local),
    );
  });

  it('nulls custo_medio and valor without custos:ler, and changes nothing else', async () => {
    const em = ledger.at(-1)!.criado_em;
    const withCosts = await getOk<Position>(api.app, `${URL}?em=${em}`, empresa.token);
    const without = await getOk<Position>(api.app, `${URL}?em=${em}`, semCustos);
    expect(without).toEqual({
      ...withCosts,
      dados: withCosts.dados.map((r) => ({ ...r, custo_medio: null, valor: null })),
    });
  });

  describe('refuses', () => {
    it('em and dia together, an instant or a day in the future, and malformed values', async () => {
      const t = empresa.token;
      await expectError(
        api.app,
        `${URL}?em=${ledger[0]!.criado_em}&dia=2025-01-01`,
        t,
        400,
        'parametro_invalido',
        'dia',
      );
      const future = new Date(api.clock.now().getTime() + 60_000).toISOString();
      await expectError(api.app, `${URL}?em=${future}`, t, 400, 'parametro_invalido', 'em');
      await expectError(api.app, `${URL}?em=99999-01-01T00:00:00Z`, t, 400, 'parametro_invalido', 'em');
      await expectError(api.app, `${URL}?em=2025-01-01T00:00:00`, t, 400, 'parametro_invalido', 'em');
      const today = new Date(api.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
      await expectError(api.app, `${URL}?dia=${today}`, t, 400, 'parametro_invalido', 'dia');
      for (const dia of ['2025-02-29', '2025-1-01', '01-01-2025', ''])
        await expectError(api.app, `${URL}?dia=${dia}`, t, 400, 'parametro_invalido', 'dia');
      await expectError(api.app, `${URL}?insumo_id=x`, t, 400, 'parametro_invalido', 'insumo_id');
      await expectError(api.app, `${URL}?limite=201`, t, 400, 'parametro_invalido', 'limite');
      await expectError(api.app, `${URL}?desde=2025-01-01T00:00:00Z`, t, 400, 'parametro_invalido', 'desde');
    });

    it("today's dia as a day that has not ended, not as one in the future", async () => {
      // The company's production day at the clock's instant, by its own zone and turn hour.
      const headers = { authorization: `Bearer ${empresa.token}` };
      const { empresa: calendar } = (await api.app.inject({ url: '/v1/eu', headers })).json();
      const today = productionDay(api.clock.now(), { fuso: calendar.fuso, horaVirada: calendar.hora_virada });
      const res = await api.app.inject({ url: `${URL}?dia=${today}`, headers });
      expect(res.statusCode, res.body).toBe(400);
      const { erro } = res.json();
      expect(erro).toMatchObject({ codigo: 'parametro_invalido', campo: 'dia' });
      expect(erro.mensagem).toContain('dia ainda não terminou');
      expect(erro.mensagem).not.toContain('futuro');
    });

    it('a cursor of another list or with other filters', async () => {
      const first = await getOk<Position>(api.app, `${URL}?limite=1`, empresa.token);
      const { proximo_cursor: saldos } = await getOk(api.app, '/v1/estoque/saldos?limite=1', empresa.token);
      await expectError(api.app, `${URL}?cursor=${saldos}`, empresa.token, 400, 'cursor_invalido');
      await expectError(
        api.app,
        `${URL}?insumo_id=${items[0]}&cursor=${first.proximo_cursor}`,
        empresa.token,
        400,
        'cursor_invalido',
      );
    });

    it('a caller without a token or without estoque:ler', async () => {
      await expectError(api.app, URL, null, 401, 'token_ausente');
      const produtos = await empresa.token2(['produtos:ler']);
      await expectError(api.app, URL, produtos, 403, 'escopo_insuficiente');
    });
  });
});

describeWith(['postgres'], 'GET /v1/estoque/posicao?dia=', () => {
  it('takes the position at the end of the production day, in the company zone and turn hour', async () => {
    const api = await createStockApi();
    const empresa = await api.tenant(['estoque:ler']);
    const local = empresa.locais[0]!.id;
    const item = await empresa.writer.defineItem(randomUUID());
    // São Paulo, turn at 05:00 (08:00 UTC): 07:59 UTC still belongs to the 9th.
    await empresa.writer.move(item, local, 10, { criado_em: '2026-01-09T12:00:00.000Z' });
    await empresa.writer.move(item, local, -3, { criado_em: '2026-01-10T07:59:59.999Z' });
    await empresa.writer.move(item, local, -4, { criado_em: '2026-01-10T08:00:00.000Z' });
    api.clock.set(new Date());
    await api.settled();
    const day9 = await getOk<Position>(api.app, `${URL}?dia=2026-01-09`, empresa.token);
    expect(day9.em).toBe('2026-01-10T08:00:00.000000+00:00');
    expect(day9.dados).toMatchObject([{ insumo_id: item, saldo: 7 }]);
    // The movement at the turn instant (08:00 UTC) belongs to the 10th, so it is left out.
    const day8 = await getOk<Position>(api.app, `${URL}?dia=2026-01-08`, empresa.token);
    expect(day8.dados).toEqual([]);
  });
});
