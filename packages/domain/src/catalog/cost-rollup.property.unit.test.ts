import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dependentsOf } from './bill-graph.js';
import { type BillCostLine, type CostRollupInput, rollUpCosts } from './cost-rollup.js';

// The roll-up against an independent, naive computation: exact bigint fractions, plain
// recursion without memoisation, its own rounding. Random acyclic bills: product i only
// consumes products j > i, so every graph drawn is a DAG.

type Fraction = { n: bigint; d: bigint };
const frac = (units: number, places: number): Fraction => ({ n: BigInt(units), d: 10n ** BigInt(places) });
const ZERO: Fraction = { n: 0n, d: 1n };
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });

/** Non-negative fraction rounded half up to `places`, as canonical decimal text. */
function rounded(value: Fraction, places: number): string {
  const scale = 10n ** BigInt(places);
  const units = (2n * value.n * scale + value.d) / (2n * value.d);
  const digits = units.toString().padStart(places + 1, '0');
  const text = `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return text.replace(/\.?0+$/, '');
}

const text = (units: number, places: number) => (units / 10 ** places).toFixed(places);

type Model = {
  items: { medio: number | null; bruto: number | null; referencia: number | null }[];
  products: {
    manual: number | null;
    bill: { item: boolean; to: number; consumo: number; perda: number }[] | null;
  }[];
};

const model: fc.Arbitrary<Model> = fc
  .record({ itemCount: fc.integer({ min: 1, max: 4 }), productCount: fc.integer({ min: 1, max: 7 }) })
  .chain(({ itemCount, productCount }) => {
    const cost = fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }); // 4 places
    const line = (i: number) =>
      fc.record({
        item: i === productCount - 1 ? fc.constant(true) : fc.boolean(),
        to: fc.nat(),
        consumo: fc.integer({ min: 1, max: 10_000 }), // 3 places
        perda: fc.integer({ min: 0, max: 100 }), // 2 places
      });
    const product = (i: number) =>
      fc.record({
        manual: cost,
        bill: fc.option(fc.array(line(i), { minLength: 1, maxLength: 4 }), { nil: null }),
      });
    return fc.record({
      items: fc.array(fc.record({ medio: cost, bruto: cost, referencia: cost }), {
        minLength: itemCount,
        maxLength: itemCount,
      }),
      products: fc.tuple(...Array.from({ length: productCount }, (_, i) => product(i))),
    });
  });

/** Target of line `to` of product i: an item, or a product after i. */
const target = (m: Model, i: number, line: { item: boolean; to: number }) =>
  line.item ? `i${line.to % m.items.length}` : `p${i + 1 + (line.to % (m.products.length - i - 1))}`;

function toInput(m: Model): CostRollupInput {
  const bills = new Map<string, BillCostLine[]>();
  m.products.forEach((p, i) => {
    if (p.bill === null) return;
    const lines = p.bill.map((line): BillCostLine => {
      const id = target(m, i, line);
      return {
        tipo: line.item ? 'insumo' : 'produto',
        insumo_id: line.item ? id : null,
        componente_id: line.item ? null : id,
        consumo: text(line.consumo, 3),
        perda_pct: text(line.perda, 2),
      };
    });
    bills.set(`p${i}`, lines);
  });
  const money = (v: number | null) => (v === null ? null : text(v, 4));
  return {
    supplyItems: new Map(
      m.items.map((c, k) => [
        `i${k}`,
        {
          custo_medio: money(c.medio),
          custo_medio_bruto: money(c.bruto),
          custo_referencia: money(c.referencia),
        },
      ]),
    ),
    products: new Map(m.products.map((p, i) => [`p${i}`, { custo_manual: money(p.manual) }])),
    bills,
  };
}

/** The naive reference: a product's bill cost, recomputing every component each time. */
function naiveCost(m: Model, i: number, bruto: boolean): Fraction {
  let total = ZERO;
  for (const line of m.products[i]?.bill ?? []) {
    const id = target(m, i, line);
    const k = Number(id.slice(1));
    let unit: Fraction;
    if (line.item) {
      const c = m.items[k]!;
      unit = frac((bruto ? c.bruto : c.medio) ?? c.referencia ?? 0, 4);
    } else {
      const component = m.products[k]!;
      unit = component.bill !== null ? naiveCost(m, k, bruto) : frac(component.manual ?? 0, 4);
    }
    const quantity = mul(frac(line.consumo, 3), add(frac(100, 2), frac(line.perda, 2)));
    total = add(total, mul(quantity, unit));
  }
  return total;
}

describe('cost roll-up against a naive reference', () => {
  it('agrees on every product of random acyclic bills', () => {
    fc.assert(
      fc.property(model, (m) => {
        const result = rollUpCosts(toInput(m));
        m.products.forEach((p, i) => {
          const got = result.get(`p${i}`);
          if (p.bill === null) {
            expect(got).toEqual({ custo_ficha: null, custo_ficha_bruto: null, custo: null, exato: null });
            return;
          }
          expect(got).toMatchObject({
            custo_ficha: rounded(naiveCost(m, i, false), 2),
            custo_ficha_bruto: rounded(naiveCost(m, i, true), 2),
            custo: rounded(naiveCost(m, i, false), 4),
          });
        });
      }),
      { numRuns: 300 },
    );
  });

  it('finds as dependents exactly the products whose bills reach a changed item', () => {
    fc.assert(
      fc.property(model, fc.array(fc.nat()), (m, picks) => {
        const input = toInput(m);
        const graph = new Map(
          [...input.bills].map(([id, lines]) => [id, lines.map((l) => l.insumo_id ?? l.componente_id ?? '')]),
        );
        const ids = [...input.supplyItems.keys(), ...input.products.keys()];
        const changed = new Set(picks.map((n) => ids[n % ids.length]!));
        const dependsOn = (id: string): boolean =>
          (graph.get(id) ?? []).some((part) => changed.has(part) || dependsOn(part));
        const expected = new Set([...input.products.keys()].filter(dependsOn));
        expect(dependentsOf(graph, changed)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
