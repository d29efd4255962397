import { type BillCostLine, type LinhaDaFicha, rollUpCosts } from '@factory/domain';
import { describeWith } from '@factory/testing';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { type CatalogDb, createCatalogDb } from '../../../test/catalog/catalog-db.fixture.js';
import type { LineSpec } from '../../../test/catalog/catalog-writer.fixture.js';

const LOCAL = '00000000-0000-4000-9000-000000000001';
const text = (units: number, places: number) => (units / 10 ** places).toFixed(places);

type Model = {
  items: { referencia: number | null; moves: { q: number; custo: number | null; bruto: number | null }[] }[];
  products: {
    manual: number | null;
    bill: { item: boolean; to: number; consumo: number; perda: number }[] | null;
  }[];
  later: { item: number; q: number; custo: number }[];
};

const cost = fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }); // 4 places
const model: fc.Arbitrary<Model> = fc.record({
  items: fc.array(
    fc.record({
      referencia: cost,
      moves: fc.array(
        fc.record({ q: fc.integer({ min: -20, max: 40 }).filter((q) => q !== 0), custo: cost, bruto: cost }),
        { maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  products: fc.array(
    fc.record({
      manual: cost,
      bill: fc.option(
        fc.array(
          fc.record({
            item: fc.boolean(),
            to: fc.nat(),
            consumo: fc.integer({ min: 1, max: 9_999 }), // 3 places
            perda: fc.integer({ min: 0, max: 100 }), // 2 places
          }),
          { minLength: 1, maxLength: 4 },
        ),
        { nil: null },
      ),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  later: fc.array(
    fc.record({
      item: fc.nat(),
      q: fc.integer({ min: 1, max: 30 }),
      custo: fc.integer({ min: 0, max: 5_000_000 }),
    }),
    {
      maxLength: 3,
    },
  ),
});

// For random catalogs (supply items with and without stock, semi-finished items and kits:
// product i consumes only products after it), the projected costs equal the domain's
// reference roll-up fed with the stock projection's item costs, the writer's bills and costs.
describeWith(['postgres'], 'projected bill costs against the reference roll-up', () => {
  let c: CatalogDb;
  beforeAll(async () => {
    c = await createCatalogDb();
  });

  it('agrees on every product of random catalogs', async () => {
    await fc.assert(
      fc.asyncProperty(model, async (m) => {
        const w = c.company();
        const items: string[] = [];
        for (const [k, item] of m.items.entries()) {
          const id = await w.insumo({
            sku: `I${k}`,
            custo_referencia: item.referencia === null ? null : text(item.referencia, 4),
          });
          items.push(id);
          for (const move of item.moves) {
            const priced = move.q > 0 && move.custo !== null;
            await w.mover(id, LOCAL, move.q, {
              custo_unitario: priced ? text(move.custo!, 4) : null,
              ...(priced && move.bruto !== null
                ? { custo_unitario_bruto: text(move.custo! + move.bruto, 4) }
                : {}),
            });
          }
        }
        const products: string[] = [];
        for (const [i, p] of m.products.entries())
          products.push(
            await w.produto({
              sku: `P${i}`,
              nome: `P${i}`,
              custo_manual: p.manual === null ? null : text(p.manual, 4),
            }),
          );
        for (let i = m.products.length - 1; i >= 0; i--) {
          const bill = m.products[i]!.bill;
          if (bill === null) continue;
          const lines: LineSpec[] = bill.map((l) =>
            l.item || i === m.products.length - 1
              ? {
                  insumo_id: items[l.to % items.length]!,
                  consumo: text(l.consumo, 3),
                  perda_pct: text(l.perda, 2),
                }
              : {
                  componente_id: products[i + 1 + (l.to % (m.products.length - i - 1))]!,
                  consumo: text(l.consumo, 3),
                  perda_pct: text(l.perda, 2),
                },
          );
          await w.ficha(products[i]!, lines);
        }
        for (const move of m.later)
          await w.mover(items[move.item % items.length]!, LOCAL, move.q, {
            custo_unitario: text(move.custo, 4),
          });
        await c.settled();

        const stock = await c.db.pool.query(
          'SELECT insumo_id, custo_medio::text, custo_medio_bruto::text FROM estoque_itens WHERE empresa_id = $1',
          [w.empresaId],
        );
        const averages = new Map(stock.rows.map((r) => [r.insumo_id, r]));
        const bills = new Map<string, BillCostLine[]>();
        for (const id of products) {
          const last = w.produtos
            .events(id)
            .filter((e) => e.type.startsWith('Ficha'))
            .at(-1);
          if (last?.type === 'FichaDefinida.v1')
            bills.set(id, (last.data as { linhas: LinhaDaFicha[] }).linhas);
        }
        const expected = rollUpCosts({
          supplyItems: new Map(
            items.map((id, k) => [
              id,
              {
                custo_medio: averages.get(id)?.custo_medio ?? null,
                custo_medio_bruto: averages.get(id)?.custo_medio_bruto ?? null,
                custo_referencia: m.items[k]!.referencia === null ? null : text(m.items[k]!.referencia!, 4),
              },
            ]),
          ),
          products: new Map(
            products.map((id, i) => [
              id,
              { custo_manual: m.products[i]!.manual === null ? null : text(m.products[i]!.manual!, 4) },
            ]),
          ),
          bills,
        });

        const projected = await c.db.pool.query(
          `SELECT id, tem_ficha, custo_ficha::text, custo_ficha_bruto::text, round(custo_exato, 4)::text AS custo
             FROM catalogo_produtos WHERE empresa_id = $1`,
          [w.empresaId],
        );
        // Canonical decimal text (PostgreSQL keeps trailing zeros, the domain does not).
        const norm = (v: string | null) =>
          v === null ? null : v.includes('.') ? v.replace(/\.?0+$/, '') : v;
        for (const row of projected.rows) {
          const want = expected.get(row.id)!;
          expect(row.tem_ficha).toBe(want.custo !== null);
          expect([norm(row.custo_ficha), norm(row.custo_ficha_bruto), norm(row.custo)]).toEqual([
            norm(want.custo_ficha),
            norm(want.custo_ficha_bruto),
            norm(want.custo),
          ]);
        }
        // The supply items' averages are the stock's own (one location: no rounding between them).
        const insumos = await c.db.pool.query(
          'SELECT id, custo_medio::text FROM catalogo_insumos WHERE empresa_id = $1',
          [w.empresaId],
        );
        for (const row of insumos.rows)
          expect(norm(row.custo_medio)).toBe(norm(averages.get(row.id)?.custo_medio ?? null));
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
