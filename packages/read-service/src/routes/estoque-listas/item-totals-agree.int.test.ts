import { acrossLocations, type LocationStock } from '@factory/domain';
import { createLocation } from '@factory/tenants';
import { describeWith } from '@factory/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type CatalogApi,
  createCatalogApi,
  pastInstants,
  type Tenant,
  traverse,
} from '../../../test/routes/produtos/catalog-api.fixture.js';

type Row = Record<string, unknown>;

// Issue 21: the stock's two views of a location (the ledger's position, the balances) and the
// catalog's item totals (Insumo) agree at one instant, for every item and location, the item's
// totals following the domain's one rule across locations (acrossLocations) over the balances
// the write side decided. So do the stock's own item totals (estoque_itens, set-based SQL).
describeWith(['postgres'], 'posicao, saldos and the Insumo agree on every item and location', () => {
  let api: CatalogApi;
  let empresa: Tenant;
  const { at } = pastInstants(1000);
  /** The last decided after-state of each (item, location), and when it moved. */
  const decided = new Map<string, Map<string, LocationStock>>();
  let posicao: Row[];
  let saldos: Row[];
  let insumos: Row[];

  beforeAll(async () => {
    api = await createCatalogApi();
    empresa = await api.tenant(['estoque:ler', 'insumos:ler', 'custos:ler']);
    const w = empresa.writer;
    const locais = [
      ...empresa.locais.map((l) => l.id),
      await createLocation(api.db.pool, {
        empresaId: empresa.empresaId,
        nome: 'Loja',
        tipo: 'terceiro',
        ativo: true,
      }),
      await createLocation(api.db.pool, {
        empresaId: empresa.empresaId,
        nome: 'Oficina',
        tipo: 'terceiro',
        ativo: true,
      }),
    ];
    let instant = 0;
    const move = async (
      insumo: string,
      local: number,
      quantidade: string,
      custo?: { custo_unitario: string; custo_unitario_bruto?: string },
    ) => {
      const em = at(++instant);
      const after = await w.mover(insumo, locais[local]!, quantidade, { ...custo, em });
      const byLocal = decided.get(insumo) ?? new Map<string, LocationStock>();
      byLocal.set(locais[local]!, {
        localId: locais[local]!,
        saldo: after.saldo,
        custoMedio: after.custo_medio,
        custoMedioBruto: after.custo_medio_bruto,
        movidoEm: em,
      });
      decided.set(insumo, byLocal);
    };

    // Positive, negative and zero balances, fractional costs, an invoice entry (bruto apart).
    const a = await w.insumo({ sku: 'A', custo_referencia: '1.5' }, at(0));
    await move(a, 0, '10.5', { custo_unitario: '3.3333' });
    await move(a, 1, '7.25', { custo_unitario: '4.1', custo_unitario_bruto: '4.5125' });
    await move(a, 2, '2', { custo_unitario: '9.99' });
    await move(a, 2, '-5');
    await move(a, 3, '4', { custo_unitario: '1.2' });
    await move(a, 3, '-4');
    await move(a, 0, '0.75', { custo_unitario: '2.0001' });
    // No positive balance anywhere: the averages of the location moved last.
    const b = await w.insumo({ sku: 'B', custo_referencia: '7' }, at(0));
    await move(b, 1, '1', { custo_unitario: '5.55' });
    await move(b, 0, '-2');
    await move(b, 1, '-1');
    await move(b, 2, '-0.5');
    // (1 × 1e-16 + 1 × 0) / 2: a tie at the 17th place, rounded to even.
    const c = await w.insumo({ sku: 'C' }, at(0));
    await move(c, 0, '1', { custo_unitario: '0.0000000000000001' });
    await move(c, 3, '1', { custo_unitario: '0' });
    // 100001 / 3: an average PostgreSQL's own division would cut to 12 places.
    const d = await w.insumo({ sku: 'D' }, at(0));
    await move(d, 1, '1', { custo_unitario: '100001' });
    await move(d, 2, '2', { custo_unitario: '0' });
    await move(d, 3, '-3');
    // An entry on a negative balance restarts the location's average at its own cost.
    const e = await w.insumo({ sku: 'E' }, at(0));
    await move(e, 2, '-1.5');
    await move(e, 2, '3', { custo_unitario: '0.3333333333333333' });
    await move(e, 0, '1', { custo_unitario: '0.7' });

    api.clock.set(new Date());
    await api.settled('estoque');
    await api.settled('catalogo');
    const list = (url: string) => traverse(api.app, url, empresa.token);
    [posicao, saldos, insumos] = await Promise.all([
      list('/v1/estoque/posicao'),
      list('/v1/estoque/saldos'),
      list('/v1/insumos'),
    ]);
  });

  const pair = (r: Row) => `${r.insumo_id}/${r.local_id}`;
  const values = (r: Row) => ({ saldo: r.saldo, custo_medio: r.custo_medio, valor: r.valor });

  it('shows every decided location, the same in posicao and saldos', () => {
    const locations = [...decided.values()].reduce((n, byLocal) => n + byLocal.size, 0);
    expect(posicao).toHaveLength(locations);
    expect(saldos).toHaveLength(locations);
    const bySaldos = new Map(saldos.map((r) => [pair(r), r]));
    for (const row of posicao) {
      expect(bySaldos.has(pair(row)), pair(row)).toBe(true);
      expect(values(row), pair(row)).toEqual(values(bySaldos.get(pair(row))!));
      const location = decided.get(row.insumo_id as string)!.get(row.local_id as string)!;
      expect({ saldo: row.saldo, custo_medio: row.custo_medio }, pair(row)).toEqual({
        saldo: Number(location.saldo),
        custo_medio: Number(location.custoMedio),
      });
    }
  });

  it("gives each Insumo the domain's totals of those locations", () => {
    for (const [insumo, byLocal] of decided) {
      const rule = acrossLocations(byLocal.values())!;
      const row = insumos.find((r) => r.id === insumo)!;
      expect(
        { saldo: row.saldo, custo_medio: row.custo_medio, custo_medio_bruto: row.custo_medio_bruto },
        row.sku as string,
      ).toEqual({
        saldo: Number(rule.saldo),
        custo_medio: Number(rule.custoMedio),
        custo_medio_bruto: Number(rule.custoMedioBruto),
      });
    }
  });

  it("keeps the stock's own item totals (estoque_itens) equal to the rule, to the last place", async () => {
    const { rows } = await api.db.pool.query<{
      insumo_id: string;
      saldo: string;
      medio: string;
      bruto: string;
    }>(
      `SELECT insumo_id, saldo::text, custo_medio::text AS medio, custo_medio_bruto::text AS bruto
         FROM estoque_itens WHERE empresa_id = $1`,
      [empresa.empresaId],
    );
    expect(rows).toHaveLength(decided.size);
    const rule = (insumo: string) => acrossLocations(decided.get(insumo)!.values())!;
    // numeric keeps trailing zeros (16 places); the domain writes none.
    const canonical = (t: string) => (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t);
    for (const row of rows) {
      const totals = rule(row.insumo_id);
      expect([row.saldo, row.medio, row.bruto].map(canonical), row.insumo_id).toEqual(
        [totals.saldo, totals.custoMedio, totals.custoMedioBruto].map(canonical),
      );
    }
  });
});
